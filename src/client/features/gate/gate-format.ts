// How the gate shows times and where a booking stands (wall-clock times are the lot's own).
import { formatStay } from '@/shared/format';
import type { RouterOutputs } from '@/client/lib/trpc';

export type GatePass = RouterOutputs['gate']['lookup'];
export type GateBooking = RouterOutputs['gate']['today']['arrivals'][number];

/** '9:05 AM' from a wall-clock 'YYYY-MM-DDTHH:mm'. */
export function timeOf(wallClock: string): string {
  return formatStay(wallClock).split(' at ')[1] ?? wallClock;
}

/** 'Nov 23, 3:24 PM' from a wall-clock time: the gate's dates are this year's, days apart. */
export function shortStay(wallClock: string): string {
  return formatStay(wallClock).replace(/, \d{4} at /, ', ');
}

export type Standing = { label: string; tone: 'muted' | 'success' | 'primary' | 'destructive' | 'warning' };

/** Where a booking stands today, for a row of the arrivals or departures list. */
export function standing(b: GateBooking, list: 'arrivals' | 'departures'): Standing {
  if (b.status === 'cancelled') return { label: 'Cancelled', tone: 'destructive' };
  if (b.checkedOutLocal) return { label: `Out ${timeOf(b.checkedOutLocal)}`, tone: 'primary' };
  if (b.checkedInLocal) return { label: list === 'arrivals' ? `In ${timeOf(b.checkedInLocal)}` : 'Parked', tone: 'success' };
  return list === 'arrivals' ? { label: 'Expected', tone: 'muted' } : { label: 'Not checked in', tone: 'warning' };
}

export const TONE_CLASSES: Record<Standing['tone'], string> = {
  muted: 'border-border bg-muted text-muted-foreground',
  success: 'border-success/20 bg-success/10 text-[#14532d]',
  primary: 'border-primary/20 bg-primary/10 text-primary',
  destructive: 'border-destructive/20 bg-destructive/10 text-destructive',
  warning: 'border-warning/30 bg-warning/10 text-[#7c2d12]',
};
