// The social card layout (1200x630) for satori: brand, eyebrow, title and figures on the left, the lot
// type's illustration on the right. Only flexbox and the CSS satori implements; text passes drawableText.
import { lotArtSvg, type TLotArtKind } from './lot-art';
import { drawableText, FONT_FAMILY } from './fonts';
import { OG_HEIGHT, OG_WIDTH } from './render';

const PRIMARY = '#1d4ed8';
const INK = '#0f172a';
const MUTED = '#64748b';
const ART_WIDTH = 520;

export interface CardContent {
  brand: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** A price figure: "from" + "$8.95" + "/day". */
  price?: { prefix?: string; amount: string; unit?: string };
  /** Small facts in pills; `star` puts a rating star before the text. */
  chips?: { text: string; star?: boolean }[];
  /** A byline (posts): initials in a circle and the text. */
  byline?: { initials: string; text: string };
  art: { kind: TLotArtKind; seed: number };
}

function PBadge({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="-50 -50 100 100">
      <rect x="-50" y="-50" width="100" height="100" rx="22" fill={PRIMARY} />
      <path d="M-13 25V-25H5A16 16 0 0 1 5 7H-13" fill="none" stroke="#ffffff" strokeWidth="13" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Star({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" fill="#f59e0b" />
    </svg>
  );
}

const titleSize = (title: string) => (title.length <= 26 ? 68 : title.length <= 40 ? 60 : title.length <= 56 ? 52 : title.length <= 84 ? 44 : 40);

export function Card({ content }: { content: CardContent }) {
  const title = drawableText(content.title, 110);
  const art = lotArtSvg(content.art.kind, ART_WIDTH, OG_HEIGHT, { seed: content.art.seed, fit: 'cover' });
  return (
    <div style={{ width: OG_WIDTH, height: OG_HEIGHT, display: 'flex', position: 'relative', backgroundColor: '#ffffff', fontFamily: FONT_FAMILY, color: INK }}>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: OG_WIDTH - ART_WIDTH,
          height: OG_HEIGHT,
          padding: '54px 44px 62px 64px',
          boxSizing: 'border-box',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <PBadge size={52} />
          <div style={{ marginLeft: 16, fontSize: 32, fontWeight: 800, letterSpacing: -0.5 }}>{drawableText(content.brand, 40)}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ fontSize: 21, fontWeight: 800, color: PRIMARY, letterSpacing: 2.5, textTransform: 'uppercase' }}>{drawableText(content.eyebrow, 48)}</div>
          <div
            style={{ display: 'block', marginTop: 14, fontSize: titleSize(title), fontWeight: 800, lineHeight: 1.08, letterSpacing: -1.5, lineClamp: title.length > 84 ? 4 : 3 }}
          >
            {title}
          </div>
          {content.subtitle && <div style={{ display: 'block', marginTop: 16, fontSize: 28, color: MUTED, lineClamp: 2 }}>{drawableText(content.subtitle, 90)}</div>}
        </div>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          {content.price && (
            <div style={{ display: 'flex', alignItems: 'baseline', flexShrink: 0, marginRight: 22, whiteSpace: 'nowrap' }}>
              {content.price.prefix && <div style={{ fontSize: 26, color: MUTED, marginRight: 10 }}>{content.price.prefix}</div>}
              <div style={{ fontSize: 56, fontWeight: 800, color: PRIMARY, letterSpacing: -1.5 }}>{content.price.amount}</div>
              {content.price.unit && <div style={{ fontSize: 26, color: MUTED, marginLeft: 4 }}>{content.price.unit}</div>}
            </div>
          )}
          {content.byline && (
            <div style={{ display: 'flex', alignItems: 'center', flexShrink: 0, marginRight: 18, whiteSpace: 'nowrap' }}>
              <div
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: 56,
                  height: 56,
                  borderRadius: 28,
                  backgroundColor: '#dbeafe',
                  color: PRIMARY,
                  fontSize: 22,
                  fontWeight: 800,
                }}
              >
                {drawableText(content.byline.initials, 3)}
              </div>
              <div style={{ marginLeft: 14, fontSize: 24, fontWeight: 600 }}>{drawableText(content.byline.text, 40)}</div>
            </div>
          )}
          {(content.chips ?? []).map((chip) => (
            <div
              key={chip.text}
              style={{
                display: 'flex',
                alignItems: 'center',
                flexShrink: 0,
                whiteSpace: 'nowrap',
                marginRight: 12,
                padding: '9px 18px',
                borderRadius: 999,
                backgroundColor: '#f1f5f9',
                fontSize: 22,
                fontWeight: 600,
                color: '#334155',
              }}
            >
              {chip.star && <Star size={22} />}
              <div style={{ marginLeft: chip.star ? 8 : 0 }}>{drawableText(chip.text, 32)}</div>
            </div>
          ))}
        </div>
      </div>
      <div style={{ display: 'flex', position: 'relative', width: ART_WIDTH, height: OG_HEIGHT }}>
        <img src={`data:image/svg+xml;base64,${Buffer.from(art).toString('base64')}`} width={ART_WIDTH} height={OG_HEIGHT} alt="" />
        <div style={{ position: 'absolute', left: 0, top: 0, width: 64, height: OG_HEIGHT, backgroundImage: 'linear-gradient(90deg, #ffffff, rgba(255,255,255,0))' }} />
      </div>
      <div style={{ position: 'absolute', left: 0, bottom: 0, width: OG_WIDTH, height: 12, backgroundColor: PRIMARY }} />
    </div>
  );
}
