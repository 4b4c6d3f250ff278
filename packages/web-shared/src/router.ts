/**
 * The router API the shell and the remotes use, and nothing else of react-router.
 *
 * Module Federation shares a singleton module whole: sharing `react-router` itself shipped all of
 * it (about 66 KB gzip: data routers, server rendering, RSC) to every first load, because a shared
 * module cannot be tree-shaken. Sharing this file instead ships only what it re-exports (about
 * 13 KB gzip), and there is still one router, so one routing context, across host and remotes.
 * Frontend code imports routing from here; biome.json forbids importing `react-router` directly.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
