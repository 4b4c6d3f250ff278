// Only for serving this remote alone in development; the shell loads `./routes` directly.
import('./standalone.tsx');
