// Toast store: a module-level queue so toast() can be called from anywhere (handlers, mutations) without a provider.
import { useSyncExternalStore } from 'react';

/** Product spec: at most one toast on screen; a new one replaces it. */
export const TOAST_LIMIT = 1;
/** Product spec: default on-screen time. */
export const TOAST_DEFAULT_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it disappears; Infinity (or <= 0) keeps it until dismissed. */
  duration?: number;
}

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

type Listener = () => void;

// Stable empty array: useSyncExternalStore compares snapshots by identity.
const EMPTY: readonly Toast[] = Object.freeze([]);

let toasts: readonly Toast[] = EMPTY;
let counter = 0;
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly Toast[]) {
  toasts = next.length ? next : EMPTY;
  for (const listener of listeners) listener();
}

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    timers.delete(id);
  }
}

/** Show a toast, replacing whatever is on screen. Returns its id and a dismiss function for it. */
export function toast({ title, description, variant = 'default', duration = TOAST_DEFAULT_DURATION }: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const item: Toast = { id, title, description, variant, duration };

  const next = [item, ...toasts];
  for (const dropped of next.slice(TOAST_LIMIT)) clearTimer(dropped.id);
  setToasts(next.slice(0, TOAST_LIMIT));

  // setTimeout treats Infinity as 0, so only schedule finite, positive durations.
  if (Number.isFinite(duration) && duration > 0) {
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  }

  return { id, dismiss: () => dismiss(id) };
}

/** Remove one toast by id, or all of them when called without an id. */
export function dismiss(id?: string) {
  if (id === undefined) {
    for (const key of [...timers.keys()]) clearTimer(key);
    if (toasts.length) setToasts(EMPTY);
    return;
  }
  clearTimer(id);
  if (toasts.some((t) => t.id === id)) setToasts(toasts.filter((t) => t.id !== id));
}

export function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSnapshot() {
  return toasts;
}

/** The server never shows toasts, so SSR and hydration both start from an empty list. */
export function getServerSnapshot() {
  return EMPTY;
}

/** The toasts currently on screen (at most TOAST_LIMIT). */
export function useToasts() {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
