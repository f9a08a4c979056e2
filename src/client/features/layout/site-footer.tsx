// The site footer: brand line, explore links, legal links (/privacy-policy, /terms-of-service) and support.
import { SERVICE_FEE_TEXT } from '@/shared/fee-text';
import { Link } from 'wouter';
import { useConfig } from '@/client/lib/use-api';
import { BrandMark } from './brand-mark';

export function SiteFooter() {
  const { brandName, supportPhone, supportEmail } = useConfig();
  return (
    <footer className="border-t border-border bg-muted/50 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold">
            <BrandMark className="size-6" />
            {brandName}
          </p>
          <p className="text-sm text-muted-foreground">{`Airport and cruise-port parking with the total price up front: the lot's rate plus one flat ${SERVICE_FEE_TEXT} fee.`}</p>
        </div>
        <FooterList
          title="Explore"
          links={[
            { href: '/locations', label: 'All locations' },
            { href: '/how-it-works', label: 'How it Works' },
            { href: '/manage', label: 'Manage a booking' },
            { href: '/guarantee', label: 'Parking guarantee' },
            { href: '/blog', label: 'Blog' },
          ]}
        />
        <FooterList
          title="Legal"
          links={[
            { href: '/privacy-policy', label: 'Privacy Policy' },
            { href: '/terms-of-service', label: 'Terms of Service' },
          ]}
        />
        <div>
          <h2 className="text-sm font-semibold">Support, 24/7</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
            <li>
              <a className="hover:text-foreground" href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>
                {supportPhone}
              </a>
            </li>
            <li>
              <a className="hover:text-foreground" href={`mailto:${supportEmail}`}>
                {supportEmail}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          © 2026 {brandName}. Parking is provided by independent operators; {brandName} is a booking intermediary.
        </p>
      </div>
    </footer>
  );
}

function FooterList({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm text-muted-foreground">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className="hover:text-foreground">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
