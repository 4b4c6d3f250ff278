// Stylesheets are imported for their side effect; rspack's CSS support emits them as files.
declare module '*.css';
