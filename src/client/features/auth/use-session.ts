// The signed-in user on the client, and the session actions with the spec's cache rules (section 4):
// sign-in and sign-up refresh the current user; sign-out clears every cached query.
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc, type RouterOutputs } from '@/client/lib/trpc';

export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;

export function useSession() {
  const { data, isPending } = trpc.auth.me.useQuery();
  return { user: data ?? null, isLoading: isPending };
}

export function useSignIn() {
  const utils = trpc.useUtils();
  return trpc.auth.login.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, user);
      await utils.invalidate();
    },
  });
}

export function useSignUp() {
  const utils = trpc.useUtils();
  return trpc.auth.register.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, user);
      await utils.invalidate();
    },
  });
}

/**
 * Signs out. The browser forgets the user at the click, not when the server answers: `auth.me` becomes null
 * (every header, menu and toggle that shows the user re-renders signed out at once), then every other cached
 * query is removed, so no personal data outlives the session. If the server refuses, the user is read again.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const meKey = getQueryKey(trpc.auth.me, undefined, 'query');
  const configKey = getQueryKey(trpc.system.config, undefined, 'query');
  const same = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);
  return trpc.auth.logout.useMutation({
    onMutate: async () => {
      await queryClient.cancelQueries();
      utils.auth.me.setData(undefined, null);
      queryClient.removeQueries({ predicate: (q) => !same(q.queryKey, meKey) && !same(q.queryKey, configKey) });
    },
    onError: () => void utils.auth.me.invalidate(),
  });
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
