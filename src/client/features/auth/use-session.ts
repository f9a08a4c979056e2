// The signed-in user on the client, and the session actions with the spec's cache rules (section 4):
// sign-in and sign-up refresh the current user; sign-out clears every cached query.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, type RouterOutputs } from '@/client/lib/trpc';

export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;

export function useSession() {
  const trpc = useTRPC();
  const { data, isPending } = useQuery(trpc.auth.me.queryOptions());
  return { user: data ?? null, isLoading: isPending };
}

export function useSignIn() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        await queryClient.invalidateQueries();
      },
    }),
  );
}

export function useSignUp() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: async (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        await queryClient.invalidateQueries();
      },
    }),
  );
}

/**
 * Signs out. The browser forgets the user at the click, not when the server answers: `auth.me` becomes null
 * (every header, menu and toggle that shows the user re-renders signed out at once), then every other cached
 * query is removed, so no personal data outlives the session. If the server refuses, the user is read again.
 */
export function useSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const meKey = trpc.auth.me.queryKey();
  const configKey = trpc.system.config.queryKey();
  const same = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onMutate: async () => {
        await queryClient.cancelQueries();
        queryClient.setQueryData(meKey, null);
        queryClient.removeQueries({ predicate: (q) => !same(q.queryKey, meKey) && !same(q.queryKey, configKey) });
      },
      onError: () => void queryClient.invalidateQueries(trpc.auth.me.queryFilter()),
    }),
  );
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
