/**
 * The TanStack Query API the frontends use, shared as one singleton between host and remotes for
 * the same reason as `./router.ts`: a shared module ships whole, so this file names what is used.
 * Frontend code imports queries from here; biome.json forbids importing `@tanstack/react-query`.
 */
export {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
