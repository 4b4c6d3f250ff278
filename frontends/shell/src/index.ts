// The stylesheet is part of the first HTML response (a <link> in the head), so the page never
// renders unstyled or shifts when it arrives.
import './styles.css';

// The async boundary Module Federation needs: shared singletons (React, the router, TanStack
// Query, react-toastify) are negotiated with the remotes before any of them is evaluated.
import('./bootstrap.tsx');
