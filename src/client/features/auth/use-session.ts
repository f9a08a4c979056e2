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

export function useSignOut() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return trpc.auth.logout.useMutation({
    onSuccess: () => {
      const config = utils.system.config.getData();
      queryClient.clear();
      if (config) utils.system.config.setData(undefined, config);
      queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), null);
    },
  });
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
