// The checkout form's check marks every wrong field at once, in the one card vocabulary.
import { describe, expect, it } from 'vitest';
import { dayFromToday } from '../pricing';
import { bookingFormErrors, type TBookingForm } from './bookings';
import { ZCardDetails } from './card';

const EMPTY: TBookingForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  arrivalDate: '',
  departureDate: '',
  vehicleMake: '',
  vehicleModel: '',
  licensePlate: '',
  outboundFlight: '',
  returnFlight: '',
  shipName: '',
  sailingDate: '',
  cardNumber: '',
  expirationDate: '',
  cvv: '',
  billingZip: '',
  acceptTerms: false,
};

describe('bookingFormErrors', () => {
  it('marks every empty field at once, card fields in their labels’ words', () => {
    expect(bookingFormErrors(EMPTY, 7)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      arrivalDate: 'Arrival date is required',
      departureDate: 'Departure date is required',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      cardNumber: 'Card number is required',
      expirationDate: 'Expiry is required',
      cvv: 'CVC is required',
      billingZip: 'ZIP is required',
      acceptTerms: 'Please accept the Terms of Service and Privacy Policy',
    });
  });

  it('marks wrong formats and wrong dates together', () => {
    const form: TBookingForm = {
      ...EMPTY,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'not-an-email',
      phone: '555-010-0100',
      arrivalDate: `${dayFromToday(22)}T10:00`,
      departureDate: `${dayFromToday(20)}T10:00`,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      cardNumber: '4242',
      expirationDate: '13/30',
      cvv: '12',
      billingZip: '3280',
      acceptTerms: true,
    };
    expect(bookingFormErrors(form, 7)).toEqual({
      email: 'Please enter a valid email address',
      departureDate: 'Departure date must be after arrival date',
      cardNumber: 'Please enter a valid card number',
      expirationDate: 'Expiry must look like MM/YY',
      cvv: 'Please enter the 3 or 4 digit security code',
      billingZip: 'Please enter a valid 5-digit ZIP code',
    });
  });

  it('asks nothing of the card when a saved or Stripe card pays', () => {
    expect(Object.keys(bookingFormErrors(EMPTY, 7, 'pm_123'))).not.toContain('cardNumber');
  });
});

describe('ZCardDetails', () => {
  it('takes a card as typed (spaces, dashes, ZIP+4)', () => {
    expect(ZCardDetails.parse({ cardNumber: '4242 4242-4242 4242', expirationDate: '12 / 34', cvv: '123', billingZip: '32801-1234' }).cardNumber).toBe('4242424242424242');
  });
});

describe('flights on the checkout form', () => {
  it('marks a flight number that is not one, and takes blanks as none', () => {
    const base = { ...EMPTY, outboundFlight: 'flight one', returnFlight: '' };
    const errors = bookingFormErrors(base, 1);
    expect(errors.outboundFlight).toBe('Enter a flight number like UA 1234.');
    expect(errors.returnFlight).toBeUndefined();
  });
});
