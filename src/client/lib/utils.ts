// Small client helpers shared by the design system.
import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge';

/** Merge Tailwind class lists, later classes winning over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}
