// /ar-parking/{id}: the arrival guide behind "View in AR": where the lot is, how to get in, and the shuttle.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Bus, Clock, MapPin, Navigation, Phone } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LotMap } from '@/client/features/search/lot-map';
import { PHOTO_SIZES, photoSources } from '@/client/lib/photos';
import { useTRPC } from '@/client/lib/trpc';
import { DEFAULT_SHUTTLE_INFO } from '@/shared/constants';

export default function ArParkingPage() {
  const trpc = useTRPC();
  const { id = '' } = useParams<{ id: string }>();
  const provider = useQuery(trpc.catalogue.getProvider.queryOptions({ slug: id }, { retry: false, retryOnMount: false }));

  if (provider.error) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Provider not found</h1>
        <Button asChild>
          <Link href="/locations">Browse locations</Link>
        </Button>
      </div>
    );
  }
  if (!provider.data)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Skeleton className="h-96 w-full" />
      </div>
    );
  const p = provider.data;
  const destination = `${p.latitude},${p.longitude}`;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <Link href={`/provider/${p.slug}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> {p.name}
      </Link>
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Arrival guide</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance">{`Arriving at ${p.name}`}</h1>
      </div>
      <LotMap lot={p} terminal={p.terminal} lotName={p.name} terminalName={p.terminal.name} distance={p.distance} className="w-full rounded-xl border border-border" />
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <a href={`https://www.google.com/maps/dir/?api=1&destination=${destination}`} target="_blank" rel="noopener noreferrer">
            <Navigation className="size-4" aria-hidden="true" /> Open directions
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={`https://maps.apple.com/?daddr=${destination}`} target="_blank" rel="noopener noreferrer">
            Apple Maps
          </a>
        </Button>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Where and when</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              {p.address}
              <span className="block text-muted-foreground">{`${p.distance.replace(/ from terminal$/, '')} from ${p.terminal.name}`}</span>
            </span>
          </p>
          <p className="flex items-start gap-2">
            <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {p.operatingHours ?? 'Contact the lot for hours'}
          </p>
          {p.phoneNumber && (
            <a href={`tel:${p.phoneNumber.replace(/[^\d+]/g, '')}`} className="flex items-center gap-2 hover:underline">
              <Phone className="size-4 text-muted-foreground" aria-hidden="true" /> {p.phoneNumber}
            </a>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Shuttle pick-up</CardTitle>
        </CardHeader>
        <CardContent className="flex items-start gap-2 text-sm">
          <Bus className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {p.shuttleInfo ?? DEFAULT_SHUTTLE_INFO}
        </CardContent>
      </Card>
      {p.imageUrls.length > 0 && (
        <section aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {p.imageUrls.map((src, i) => (
            <img
              key={src}
              {...photoSources(src, PHOTO_SIZES.grid)}
              alt={p.imageAlts[i] || `${p.name}, photo ${i + 1}`}
              width={400}
              height={250}
              loading="lazy"
              className="aspect-[16/10] w-full rounded-lg bg-muted object-cover"
            />
          ))}
        </section>
      )}
    </div>
  );
}
