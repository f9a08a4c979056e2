// The 404 page ("404 Page Not Found"); the server answers it with HTTP 404.
import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you're looking for doesn't exist or has moved. Let's get you back on the road.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">Go to the home page</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/locations">Browse locations</Link>
        </Button>
      </div>
    </section>
  );
}
