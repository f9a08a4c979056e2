// Terms of Service. {brand}, {email} and {phone} are filled in by LegalPage; headings are shown as written.
import { LEGAL_LAST_UPDATED } from '@/shared/constants';
import type { LegalDocument } from './types';

export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'Welcome to {brand}. These Terms explain the rules for using our airport and cruise-port parking marketplace: how bookings, fees, cancellations and refunds work, what we are responsible for, and what the parking operators you book with are responsible for. Please read them carefully, in particular Section 2 (our role as a marketplace), Section 6 (cancellations and refunds), Section 10 (the limits on our liability) and Section 11 (disputes and governing law).',
  sections: [
    {
      id: 'acceptance-of-these-terms',
      heading: '1. Acceptance of These Terms',
      paragraphs: [
        'These Terms of Service (the “Terms”) are an agreement between you and {brand} (“we”, “us”, “our”). They apply to your use of our website, search assistant, support chat, blog and booking services (together, the “Service”). By creating an account, making a booking or otherwise using the Service, you agree to these Terms and acknowledge our Privacy Policy. If you do not agree, please do not use the Service.',
        'You must be at least 18 years old and able to enter into a binding contract to create an account or make a booking. If you book parking for someone else, you confirm that you are authorized to do so and that you will pass on the booking details, the operator’s rules and these Terms to them.',
        'These Terms, our Privacy Policy and the booking details and cancellation policy shown when you book make up the entire agreement between you and {brand} about the Service. If any part of these Terms is found to be unenforceable, the rest stays in effect. If we do not enforce a provision straight away, we have not waived our right to enforce it later.',
      ],
    },
    {
      id: 'our-role-as-a-marketplace',
      heading: '2. Our Role as a Marketplace',
      paragraphs: [
        '{brand} is an online marketplace. We help you search, compare, book and pay for parking near airports and cruise ports offered by independent parking operators (“operators” or “providers”). We do not own, operate, manage or control any parking lot, garage, valet service or shuttle. We are not a parking operator, and we are not the custodian, bailee or insurer of your vehicle.',
        'Listing details such as photos, amenities, security features, shuttle frequency, opening hours and distances come largely from the operators and can change. We take care to present them accurately, but please check the listing and your confirmation before you travel. If something goes wrong at the lot, raise it with the operator on the spot and then contact us: we will help you reach the operator and follow up with them where we can.',
        'When you book, you are reserving parking from the operator, and the operator alone is responsible for providing it. In particular, the operator is responsible for:',
      ],
      bullets: [
        'the lot itself, including its condition, safety, security, lighting, access and the availability of the space you reserved;',
        'the custody and care of your vehicle and its contents while they are on the operator’s premises or in its staff’s hands, including keys and valet parking where offered;',
        'its shuttle service, opening hours and the conduct of its staff;',
        'its own rules and on-site policies, such as check-in requirements, vehicle size limits, charges for staying longer than booked and what happens if you return late;',
        'handling any claim for damage to, or loss or theft of, your vehicle or belongings, usually under its own insurance and claims process.',
      ],
    },
    {
      id: 'accounts-and-security',
      heading: '3. Accounts and Security',
      paragraphs: [
        'You can create an account with an e-mail address and password, or sign in with Google. An account may also be created for you when you check out as a guest, so that you can view and manage your booking. Please give us accurate information and keep it up to date, especially your e-mail address and phone number, which we use to send confirmations and updates about your bookings. If you sign in with Google, Google’s own terms and your Google account’s security settings also apply.',
        'You are responsible for keeping your password confidential and for activity that takes place under your account. Use a strong password that you do not use elsewhere, do not share your sign-in details, and tell us straight away at {email} if you think someone else has used your account.',
        'We may suspend or close an account that breaks these Terms, is used for fraud or puts other users, operators or the Service at risk. You may close your account at any time by contacting us. Cancellation policies still apply to upcoming bookings, so please cancel or complete them first, and any amounts due for bookings already made remain payable.',
      ],
    },
    {
      id: 'making-a-booking',
      heading: '4. Making a Booking',
      paragraphs: [
        'Search results show the lots available for your dates, each operator’s price and the total you will pay. When you place a booking, the space may be held for a short time while your payment is completed; if payment is not completed in that time, the hold is released. Your booking is confirmed only when payment succeeds and we send you a confirmation number and parking details by e-mail.',
        'Please review your booking before you pay. You are responsible for:',
      ],
      bullets: [
        'entering the correct arrival and departure dates and times (in local time at the lot), vehicle make, model and license plate, and contact details;',
        'arriving in time and following the check-in instructions in your confirmation and the operator’s rules;',
        'making sure your vehicle matches the vehicle types and size limits stated for the lot;',
        'paying the operator directly for anything not included in your booking, such as staying longer than booked, oversized vehicles or optional extras, under the operator’s own rules.',
      ],
    },
    {
      id: 'prices-service-fee-and-payment',
      heading: '5. Prices, Service Fee and Payment',
      paragraphs: [
        'Operators set their own parking prices. The parking price for your booking is worked out from the operator’s rates for your stay, counting any part of a day as a full day and using a weekly rate where the operator offers one and it is cheaper. All prices are in US dollars.',
        '{brand} adds a flat service fee of {serviceFee} per booking on top of the operator’s price. This is how we are paid for running the marketplace. The parking price, the service fee, any credit applied and the total are shown separately before you pay, and the total shown at checkout is the amount charged for the booking. Depending on when you cancel and the provider’s cancellation policy, the service fee may be non-refundable (see Section 6).',
        'Payments are processed by a third-party payment processor (currently Stripe), whose terms also apply to your payment. Your card details go directly to the processor: {brand} never receives or stores your full card number or security code, and keeps only limited details such as the card brand and last four digits so that you can recognize the card and we can handle refunds. You authorize us and our processor to charge your card the total you approve at checkout and to send any refunds back to the same card. If a payment fails or is reversed, the related booking may be cancelled.',
      ],
    },
    {
      id: 'cancellations-and-refunds',
      heading: '6. Cancellations and Refunds',
      paragraphs: [
        'Cancellation policies are set by each provider and vary from lot to lot. The policy that applies is shown on the lot’s listing and at checkout before you book, and it is repeated in your confirmation. The policy shown when you booked is the one that applies to that booking.',
        'You can cancel from your account or by contacting our support team. Refunds go back to the card you paid with; once we issue a refund, it usually takes 5 to 10 business days to appear, depending on your bank. Nothing in this section limits any refund rights you have under applicable law.',
        'Unless the provider’s policy shown at booking says otherwise, the typical policy works like this:',
      ],
      bullets: [
        'Free cancellation up to 24 hours before your scheduled arrival time: the parking fee is refunded in full.',
        'The {serviceFee} service fee is kept when you cancel, because the booking service has already been provided.',
        'If you cancel less than 24 hours before arrival, or do not show up, the parking fee may not be refunded, depending on the provider’s policy.',
        'Some lots offer prepaid or non-refundable rates; these are clearly marked before you book.',
        'Arriving late or leaving early does not usually entitle you to a partial refund unless the operator agrees.',
        'If the operator cancels your booking or cannot provide the parking you reserved, you will receive a full refund, including the service fee.',
      ],
    },
    {
      id: 'provider-detail-access-fee',
      heading: '7. Provider Detail Access Fee',
      paragraphs: [
        'Detailed information about the providers at a location is available for an optional one-time fee of {accessFee} for that location. The fee is shown, and you confirm it, before you are charged. You do not have to pay it to search, compare prices or book.',
        'If you then book a lot at that same location from the same account, the {accessFee} is credited toward your booking total, and the credit is shown at checkout. The credit can be used once, only for a booking at the location you unlocked; it cannot be transferred and has no cash value. If you do not book, the detail-access fee is non-refundable once the information has been made available to you, unless the law requires otherwise or the information could not be provided because of an error on our side.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '8. Acceptable Use',
      paragraphs: [
        'Please use the Service only to plan and book parking for genuine trips, and in line with the law and these Terms. We may refuse or cancel bookings made in breach of these rules, remove content, and suspend or close the accounts involved.',
        'In particular, you agree not to:',
      ],
      bullets: [
        'make fake, speculative or fraudulent bookings, or use a payment card you are not authorized to use;',
        'resell bookings or book parking in order to resell it, without our written permission;',
        'scrape, crawl or copy listings, prices or other content with automated tools, or use the Service to build a competing product or database;',
        'interfere with or overload the Service, probe or test its security, or get around rate limits or access controls;',
        'impersonate anyone, misrepresent who you are or open accounts with false information;',
        'send abusive, harassing, threatening, unlawful or misleading messages through the support chat or search assistant, or to operators;',
        'upload malicious code or use the Service for any unlawful purpose.',
      ],
    },
    {
      id: 'intellectual-property-and-content',
      heading: '9. Intellectual Property and Content',
      paragraphs: [
        'The Service, including its software, design, text, graphics, logos and blog articles, belongs to {brand} or its licensors and is protected by intellectual-property laws. Lot names, photos and descriptions may belong to the operators. We give you a limited, personal, non-exclusive and non-transferable permission to use the Service for its intended purpose; you may not copy, modify or distribute it except as the law allows.',
        'You keep ownership of the messages and feedback you send us. You give us permission to use them to answer you, to pass them on to an operator where you ask us to, and to improve the Service. Please do not send anything you do not have the right to share.',
        'Blog articles and answers from our automated search assistant are general information, not professional advice, and may contain mistakes. Airport procedures, travel rules, prices and availability change, so check important details with your airline, cruise line, airport or operator, and rely on your booking confirmation for the terms of your booking.',
      ],
    },
    {
      id: 'disclaimers-and-limitation-of-liability',
      heading: '10. Disclaimers and Limitation of Liability',
      paragraphs: [
        'The Service is provided “as is” and “as available”. To the fullest extent permitted by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not promise that the Service will be uninterrupted or error-free, or that every listing will always be accurate or available. Because operators are independent businesses, we are not responsible for their acts or omissions, including damage to or loss or theft of your vehicle or its contents, shuttle delays, or missed flights or sailings.',
        'To the fullest extent permitted by law, the total liability of {brand} to you for any claim arising out of or relating to the Service or these Terms is limited to the fees you paid to {brand}, meaning the service fee and any detail-access fee, for the booking the claim relates to or, if the claim does not relate to a booking, during the 12 months before the claim arose. We are not liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, missed travel or connections. This limit does not reduce any refund of the parking price that you are owed under the applicable cancellation policy.',
        'Some states do not allow certain warranties to be excluded or certain damages to be limited, so some of the above may not apply to you. Nothing in these Terms excludes or limits liability that cannot be excluded or limited by law, such as liability for our fraud, gross negligence or willful misconduct.',
      ],
    },
    {
      id: 'disputes-and-governing-law',
      heading: '11. Disputes and Governing Law',
      paragraphs: [
        'If you have a problem with the Service or a booking, please contact us first at {email} or {phone}, and include your confirmation number if you have one. Most issues can be solved quickly, and we will work with you in good faith for 30 days to try to resolve the matter before either of us starts formal proceedings. Contacting us before you dispute a charge with your bank usually gets the problem fixed faster. Issues with the lot itself may need to be resolved with the operator, and we will help you reach them.',
        'These Terms are governed by the laws of the State of Delaware and applicable US federal law, without regard to conflict-of-law rules. Any dispute that is not resolved informally will be heard exclusively in the state or federal courts located in Delaware, and you and {brand} agree to the jurisdiction of those courts. Either of us may instead bring an individual claim in a small-claims court in the county where you live, if the claim qualifies.',
        'If you use the Service as a consumer, nothing in these Terms takes away any rights you have under the consumer-protection laws of the state where you live that cannot be waived by contract.',
      ],
    },
    {
      id: 'changes-to-these-terms',
      heading: '12. Changes to These Terms',
      paragraphs: [
        'We may update these Terms from time to time, for example to reflect changes to the Service, our fees or the law. When we do, we will change the “Last updated” date at the top of this page. If a change is material, we will give you reasonable notice before it takes effect, for example by e-mail or with a notice on the site.',
        'Changes apply from the date they take effect and do not affect bookings that were already confirmed: those stay subject to the prices, cancellation policy and Terms in place when you booked. If you keep using the Service after a change takes effect, you accept the updated Terms. If you do not agree, please stop using the Service; you may close your account at any time.',
      ],
    },
    {
      id: 'contact-us',
      heading: '13. Contact Us',
      paragraphs: [
        'If you have questions about these Terms, a booking, a refund or a receipt, our support team is here to help. For questions about a booking, please include your confirmation number. You can reach {brand} by:',
      ],
      bullets: ['E-mail: {email}', 'Phone: {phone}', 'Support chat: available on our website'],
    },
  ],
};
