// Stylesheets are imported for their side effect; rspack's CSS support emits them as files.
declare module '*.css';

// Lucide's icons, one module each: plain data (elements and attributes), drawn by ui/Icon.tsx.
declare module 'lucide/dist/esm/icons/*.mjs' {
  const icon: import('lucide').IconNode;
  export default icon;
}
