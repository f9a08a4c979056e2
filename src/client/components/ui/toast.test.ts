// Toast store behaviour from the product spec: one toast at a time, 5 s default life, dismissable.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismiss, getServerSnapshot, getSnapshot, subscribe, toast, TOAST_DEFAULT_DURATION } from './use-toast';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    dismiss();
    vi.useRealTimers();
  });

  it('keeps only the newest toast', () => {
    toast({ title: 'Search Error', description: 'Failed to search parking providers', variant: 'destructive' });
    const { id } = toast({ title: 'Success', description: 'Logged in successfully!', variant: 'success' });

    const shown = getSnapshot();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ id, title: 'Success', variant: 'success' });
  });

  it('defaults to the default variant and a 5000 ms duration', () => {
    toast({ title: 'Sign in to continue' });
    expect(getSnapshot()[0]).toMatchObject({ variant: 'default', duration: 5000 });
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
  });

  it('removes a toast once its duration has passed', () => {
    toast({ title: 'Sign in to continue' });
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION - 1);
    expect(getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getSnapshot()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    toast({ title: 'Access Denied', duration: 2000 });
    vi.advanceTimersByTime(2000);
    expect(getSnapshot()).toHaveLength(0);
  });

  it('a replaced toast does not cut its successor short', () => {
    toast({ title: 'First' });
    vi.advanceTimersByTime(4000);
    toast({ title: 'Second' });
    vi.advanceTimersByTime(1500); // past the first toast's deadline
    expect(getSnapshot().map((t) => t.title)).toEqual(['Second']);
    vi.advanceTimersByTime(3500);
    expect(getSnapshot()).toHaveLength(0);
  });

  it('keeps a toast with an infinite duration until dismissed', () => {
    toast({ title: 'Sticky', duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect(getSnapshot()).toHaveLength(1);
  });

  it('dismiss() clears the current toast and its timer', () => {
    toast({ title: 'Booking Confirmed!' });
    dismiss();
    expect(getSnapshot()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('dismiss(id) and the returned handle remove only that toast', () => {
    const first = toast({ title: 'First' });
    dismiss(first.id);
    expect(getSnapshot()).toHaveLength(0);

    const second = toast({ title: 'Second' });
    dismiss('toast-unknown');
    expect(getSnapshot()).toHaveLength(1);
    second.dismiss();
    expect(getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers and stops after unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    toast({ title: 'Hello' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    dismiss();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('serves an empty, stable server snapshot', () => {
    toast({ title: 'Client only' });
    expect(getServerSnapshot()).toEqual([]);
    expect(getServerSnapshot()).toBe(getServerSnapshot());
  });
});
