// The checkout form's sections besides the card: contact, the stay (times at the lot), the vehicle, the terms,
// and a refusal that belongs to no single field. Each field shows its own problem until it is fixed.
import { Link } from 'wouter';
import { Field } from '@/client/features/auth/form-field';
import type { TBookingForm } from '@/shared/schemas/bookings';

type TextField = Exclude<keyof TBookingForm, 'acceptTerms'>;
/** A text field's props: its name, value, error and handlers (checkout's `bind`). */
export type Bind = (field: TextField) => {
  name: TextField;
  value: string;
  error?: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (e: React.FocusEvent<HTMLInputElement>) => void;
};

export function ContactFields({ bind }: { bind: Bind }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-base font-semibold">Contact</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" required {...bind('firstName')} />
        <Field label="Last name" autoComplete="family-name" required {...bind('lastName')} />
        <Field label="Email" type="email" autoComplete="email" required {...bind('email')} />
        <Field label="Phone" type="tel" autoComplete="tel" required {...bind('phone')} />
      </div>
    </fieldset>
  );
}

/** Check-in and check-out, wall-clock times at the lot (`zoneName`, e.g. 'Eastern Time'). */
export function StayFields({ bind, minDeparture, zoneName }: { bind: Bind; minDeparture?: string; zoneName?: string }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-base font-semibold">Your stay</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Check-in (arrival)" type="datetime-local" required hint={zoneName ? `Time at the lot (${zoneName})` : undefined} {...bind('arrivalDate')} />
        <Field label="Check-out (departure)" type="datetime-local" required min={minDeparture || undefined} {...bind('departureDate')} />
      </div>
    </fieldset>
  );
}

export function VehicleFields({ bind }: { bind: Bind }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-base font-semibold">Vehicle</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Make" placeholder="e.g. Toyota" required {...bind('vehicleMake')} />
        <Field label="Model" placeholder="e.g. Camry" required {...bind('vehicleModel')} />
        <Field label="License plate" placeholder="e.g. 7ABC123" required maxLength={12} {...bind('licensePlate')} />
      </div>
    </fieldset>
  );
}

/** Optional: the flights (an airport lot) or the ship and sailing date (a cruise port), so a late return is expected. */
export function TravelFields({ bind, cruise }: { bind: Bind; cruise: boolean }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-base font-semibold">{cruise ? 'Your cruise (optional)' : 'Your flights (optional)'}</legend>
      <p className="mb-3 text-sm text-muted-foreground">
        {cruise ? 'The lot knows when your ship is due back.' : 'The lot sees your flights at the gate, and a short delay on the way back is covered by its grace period.'}
      </p>
      {cruise ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Ship" placeholder="e.g. Wonder of the Seas" maxLength={60} {...bind('shipName')} />
          <Field label="Sailing date" type="date" {...bind('sailingDate')} />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Outbound flight" placeholder="e.g. UA 1234" autoCapitalize="characters" maxLength={20} {...bind('outboundFlight')} />
          <Field label="Return flight" placeholder="e.g. UA 1235" autoCapitalize="characters" maxLength={20} {...bind('returnFlight')} />
        </div>
      )}
    </fieldset>
  );
}

export function TermsField({ checked, error, onChange }: { checked: boolean; error?: string; onChange: (checked: boolean) => void }) {
  return (
    <div className="space-y-1.5">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="acceptTerms"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'terms-error' : undefined}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        <span>
          I agree to the{' '}
          <Link href="/terms-of-service" className="font-medium text-primary underline-offset-4 hover:underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy-policy" className="font-medium text-primary underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
          , including the cancellation policy of this lot.
        </span>
      </label>
      {error && (
        <p id="terms-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A refusal about no one field (a card the server would not take, a lot gone meanwhile), shown until the next try. */
export function FormProblem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" tabIndex={-1} className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
      {message}
    </p>
  );
}
