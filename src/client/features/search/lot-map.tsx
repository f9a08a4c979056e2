// A static map of a lot relative to its terminal, drawn as SVG from coordinates (no map tiles needed).
import { useId } from 'react';

interface Point {
  latitude: number;
  longitude: number;
}

export function LotMap({
  lot,
  terminal,
  lotName,
  terminalName,
  distance,
  className,
}: {
  lot: Point;
  terminal: Point;
  lotName: string;
  terminalName: string;
  distance: string;
  className?: string;
}) {
  const id = useId();
  const W = 480;
  const H = 280;
  const PAD = 56;
  // Equirectangular projection around the terminal: fine at the scale of a few miles.
  const k = Math.cos((terminal.latitude * Math.PI) / 180);
  const dx = (lot.longitude - terminal.longitude) * k;
  const dy = lot.latitude - terminal.latitude;
  // The midpoint sits in the centre; the longer axis fills the frame minus the padding.
  const scale = Math.min((W - 2 * PAD) / Math.max(Math.abs(dx), 1e-6), (H - 2 * PAD) / Math.max(Math.abs(dy), 1e-6));
  const t = { x: W / 2 - (dx * scale) / 2, y: H / 2 + (dy * scale) / 2 };
  const l = { x: t.x + dx * scale, y: t.y - dy * scale };
  const north = { x: W - 28, y: 30 };

  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} className={className}>
      <title id={`${id}-title`}>{`Map: ${lotName} is ${distance.replace(/ from terminal$/, '')} from ${terminalName}`}</title>
      <defs>
        <pattern id={`${id}-grid`} width="32" height="32" patternUnits="userSpaceOnUse">
          <path d="M32 0H0V32" fill="none" stroke="var(--color-border)" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={W} height={H} rx="12" fill="var(--color-muted)" />
      <rect width={W} height={H} rx="12" fill={`url(#${id}-grid)`} />
      <line x1={t.x} y1={t.y} x2={l.x} y2={l.y} stroke="var(--color-primary)" strokeWidth="3" strokeDasharray="8 6" strokeLinecap="round" />
      <g transform={`translate(${t.x} ${t.y})`}>
        <circle r="18" fill="var(--color-foreground)" />
        <path d="M-7 3l14-6-3 9-4-3-3 5-1-4z" fill="#fff" />
      </g>
      <text x={t.x} y={t.y + 36} textAnchor="middle" fontSize="13" fontWeight="600" fill="var(--color-foreground)">
        Terminal
      </text>
      <g transform={`translate(${l.x} ${l.y})`}>
        <circle r="18" fill="var(--color-primary)" />
        <text y="6" textAnchor="middle" fontSize="17" fontWeight="700" fill="#fff">
          P
        </text>
      </g>
      <text x={l.x} y={l.y - 26} textAnchor="middle" fontSize="13" fontWeight="600" fill="var(--color-foreground)">
        Lot
      </text>
      <text x={(t.x + l.x) / 2} y={(t.y + l.y) / 2 - 10} textAnchor="middle" fontSize="12" fill="var(--color-muted-foreground)">
        {distance.replace(/ from terminal$/, '')}
      </text>
      <g transform={`translate(${north.x} ${north.y})`} fill="var(--color-muted-foreground)">
        <path d="M0 -12l5 12h-10z" />
        <text y="16" textAnchor="middle" fontSize="11">
          N
        </text>
      </g>
    </svg>
  );
}
