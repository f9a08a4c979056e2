// The four-step how-it-works carousel: advances every 4 s, pauses on hover/focus and for reduced motion.
import { useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '@/shared/constants';
import { cn } from '@/client/lib/utils';
import { STEPS } from './steps';

export function StepsCarousel() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setActive((i) => (i + 1) % STEPS.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="How it works"
      className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">How it works</h2>
      <div className="relative mt-4 min-h-[8.5rem]" aria-live={paused ? 'polite' : 'off'}>
        {STEPS.map((step, i) => (
          <div
            key={step.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${STEPS.length}: ${step.title}`}
            aria-hidden={i !== active}
            className={cn('absolute inset-0 flex gap-4 transition-opacity duration-500', i === active ? 'opacity-100' : 'pointer-events-none opacity-0')}
          >
            <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-secondary text-xl font-bold text-primary">
              {i + 1}
            </span>
            <div>
              <p className="text-xs font-medium text-primary">Step {i + 1}</p>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm leading-6 text-muted-foreground">{step.body}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="mt-2 flex gap-2" role="group" aria-label="Choose a step">
        {STEPS.map((step, i) => (
          <button
            key={step.title}
            type="button"
            aria-pressed={i === active}
            aria-label={`Step ${i + 1}: ${step.title}`}
            onClick={() => setActive(i)}
            className="flex h-6 items-center"
          >
            <span className={cn('h-1.5 rounded-full transition-all', i === active ? 'w-8 bg-primary' : 'w-4 bg-input')} />
          </button>
        ))}
      </div>
    </section>
  );
}
