// How a booking's vehicle reads, the same on pages, in e-mails, on the pass, at the gate and in the booking's
// history: its name ('Toyota Camry') and, with the plate, one line ('Toyota Camry · ABC123').

/** 'Toyota Camry'. */
export const vehicleName = (v: { vehicleMake: string; vehicleModel: string }): string => `${v.vehicleMake} ${v.vehicleModel}`.trim();

/** 'Toyota Camry · ABC123' ('Toyota Camry' with no plate). */
export const vehicleText = (v: { vehicleMake: string; vehicleModel: string; licensePlate?: string | null }): string => [vehicleName(v), v.licensePlate].filter(Boolean).join(' · ');
