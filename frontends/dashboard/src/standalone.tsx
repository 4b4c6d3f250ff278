import { renderStandalone } from '@mediakit/web-ui/standalone';
import { routes } from './routes.tsx';

// The dashboard remote on its own (development): its pages at their usual paths, without the shell.
renderStandalone(routes);
