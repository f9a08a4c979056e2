// The four how-it-works steps shown on the home carousel and the How it Works page.
import { CalendarCheck, MessageSquareText, Scale, ShieldCheck } from 'lucide-react';

export const STEPS = [
  {
    title: 'Search Smart',
    body: 'Tell us your airport or cruise port and your dates. We pull every lot nearby into one list.',
    icon: MessageSquareText,
  },
  {
    title: 'Compare Options',
    body: 'Sort by total price, distance, rating or amenities. The price you see is the price you pay.',
    icon: Scale,
  },
  {
    title: 'Book Instantly',
    body: 'Reserve in a minute with a card. Your confirmation and parking pass arrive by e-mail.',
    icon: CalendarCheck,
  },
  {
    title: 'Travel Confident',
    body: 'Park, hop on the shuttle and go. Support is there 24/7 if plans change.',
    icon: ShieldCheck,
  },
] as const;
