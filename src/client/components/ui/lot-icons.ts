// The Lucide icons that both the location pages (their result cards) and the lot page show, defined here from
// Lucide's own data with Lucide's own factory, so they render exactly as `lucide-react`'s. Imported one by one
// from `lucide-react`, each became a file of its own on a first visit (the pages share them with different
// sets of other pages), a dozen requests of a few hundred bytes; from this one module they come as one file.
import { createLucideIcon, type LucideIconNode } from 'lucide-react';

export const icon = (name: string, node: [string, Record<string, string>][]) =>
  createLucideIcon({ name, size: 24, node: node.map(([tag, attrs], i): LucideIconNode => [tag, { ...attrs, key: String(i) }]) });
export const path = (d: string): [string, Record<string, string>] => ['path', { d }];
export const circle = (cx: string, cy: string, r: string): [string, Record<string, string>] => ['circle', { cx, cy, r }];

export const ArrowLeft = icon('arrow-left', [path('m12 19-7-7 7-7'), path('M19 12H5')]);
export const Bus = icon('bus', [
  path('M8 6v6'),
  path('M15 6v6'),
  path('M2 12h19.6'),
  path('M18 18h3s.5-1.7.8-2.8c.1-.4.2-.8.2-1.2 0-.4-.1-.8-.2-1.2l-1.4-5C20.1 6.8 19.1 6 18 6H4a2 2 0 0 0-2 2v10h3'),
  circle('7', '18', '2'),
  path('M9 18h5'),
  circle('16', '18', '2'),
]);
export const CalendarClock = icon('calendar-clock', [
  path('M16 2v3'),
  path('M17 15.5v1.7l1 .625'),
  path('M21 8.936V5a2 2 0 00-2-2H5a2 2 0 00-2 2v14a2 2 0 002 2h3.935'),
  path('M3 9h9.873'),
  path('M8 2v3'),
  circle('17', '17', '5'),
]);
export const Lock = icon('lock', [['rect', { width: '18', height: '11', x: '3', y: '11', rx: '2', ry: '2' }], path('M7 11V7a5 5 0 0 1 10 0v4')]);
export const MapPin = icon('map-pin', [path('M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0'), circle('12', '10', '3')]);
export const ShieldCheck = icon('shield-check', [
  path('M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z'),
  path('m9 12 2 2 4-4'),
]);
