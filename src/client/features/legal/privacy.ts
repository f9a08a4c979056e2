// Privacy Policy. {brand}, {email} and {phone} are filled in by LegalPage; headings are shown as written.
import { LEGAL_LAST_UPDATED } from '@/shared/constants';
import type { LegalDocument } from './types';

export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    '{brand} helps you find, compare and book parking at US airports and cruise ports. To do that we need some personal information. This Policy explains what we collect, why we collect it, who we share it with and the choices you have. In short: we collect only what we need to provide the Service and manage your bookings, we share booking details only with the parking operator you book with, we do not sell your personal information, and we do not use advertising cookies or third-party trackers.',
  sections: [
    {
      id: 'about-this-policy',
      heading: '1. About This Policy',
      paragraphs: [
        'This Privacy Policy describes how {brand} (“we”, “us”, “our”) collects, uses, shares and protects personal information when you use our website, search assistant, support chat, blog and booking services (together, the “Service”). It should be read together with our Terms of Service.',
        'This Policy covers the information we handle as the operator of the marketplace. The independent parking operators you book with receive the booking details described in Section 4 and handle them under their own privacy practices. When you sign in with Google or pay by card, Google and our payment processor also handle your information under their own privacy policies.',
      ],
    },
    {
      id: 'information-we-collect',
      heading: '2. Information We Collect',
      paragraphs: [
        'We collect information you give us, information created when you use the Service, and limited information from the services that help us run it. Card details are the exception to what we keep: when you pay, your card details are sent directly to our payment processor (currently Stripe), which stores them. We never receive or store your full card number or security code.',
        'The information we collect falls into these groups:',
      ],
      bullets: [
        'Account information: your name, e-mail address and password (stored only as a secure hash), plus optional profile details you choose to add, such as a phone number or address. If you sign in with Google, we receive the basic profile information Google shares with us: your name, e-mail address, Google account identifier and profile picture.',
        'Booking and vehicle details: the lot and location you book, your arrival and departure dates and times, the name, e-mail address and phone number for the booking, your vehicle’s make, model and license plate, your confirmation number, and the prices, fees, credits, cancellations and refunds on the booking. We also keep a record of detail-access purchases and any account credit.',
        'Payment information: the processor holds your card. We keep only the card brand and last four digits, references to the processor’s records, and, for cards you choose to save to your account, the expiry month and year and billing name and e-mail, so that you can recognize and manage the card.',
        'Communications and preferences: messages you send through the support chat or the search assistant, e-mails you send us, messages you ask us to pass on to an operator, saved vehicle details, and your notification and marketing e-mail settings.',
        'Usage data: first-party analytics events such as page views, searches and booking steps, linked to a random visitor identifier and session identifier, together with the page, referring website, device type (for example mobile or desktop) and approximate country. Analytics events do not include your name, e-mail address, account or IP address.',
        'Technical data: like most websites, our servers process your IP address and basic browser and request information to deliver pages, keep you signed in, and protect the Service against abuse, for example by limiting repeated sign-in attempts.',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: '3. How We Use Information',
      paragraphs: [
        'We use personal information only for the purposes described in this Policy. We do not use it for targeted advertising and we do not build advertising profiles about you.',
        'We use it to:',
      ],
      bullets: [
        'create and secure your account, verify your e-mail address and keep you signed in;',
        'process bookings, payments, detail-access purchases, credits, cancellations and refunds;',
        'send confirmations, parking details, receipts, booking updates and essential account messages such as password resets;',
        'answer your support requests and pass messages to operators when you ask us to;',
        'run the search assistant and show results for the locations and dates you enter;',
        'understand, in aggregate and using anonymous analytics, how the Service is used, so we can fix problems and improve it;',
        'prevent and investigate fraud, abuse and security incidents, and enforce our Terms of Service;',
        'meet our legal, tax and accounting obligations;',
        'send you news about deals, new locations and travel tips by e-mail if your settings allow it; you can turn these e-mails off at any time.',
      ],
    },
    {
      id: 'how-we-share-information',
      heading: '4. How We Share Information',
      paragraphs: ['We do not sell your personal information, and we do not share it with advertisers or data brokers. We share it only in the following situations:'],
      bullets: [
        'With the parking operator you book: only what the operator needs to honor and manage your booking, namely the name and contact details on the booking, your arrival and departure times, your vehicle’s make, model and license plate, and your confirmation number, along with any message you ask us to pass on.',
        'With service providers who help us run the Service: our payment processor (for payments, refunds and fraud prevention), hosting and e-mail delivery providers, and Google if you choose Google sign-in. They may use the information only to provide their services to us or as their own privacy policies describe for services you use directly.',
        'For legal reasons: when we believe in good faith that the law, a court order or other legal process requires it, or when it is needed to protect the rights, property or safety of our users, operators, {brand} or others, including to prevent fraud.',
        'In a business transfer: if {brand} is involved in a merger, acquisition, financing or sale of assets, personal information may be transferred as part of that deal, and it will remain protected by this Policy.',
        'With your consent or at your direction: for example, when you ask us to contact an operator on your behalf.',
      ],
    },
    {
      id: 'cookies-and-analytics',
      heading: '5. Cookies and Analytics',
      paragraphs: [
        'We use only a small number of first-party cookies and browser storage items that are needed to run the Service. The main one is a session cookie that keeps you signed in; it holds a random token, and our servers store only a hashed version of it. We do not use advertising cookies, social-media pixels or any third-party tracking or analytics scripts.',
        'Our analytics are first-party and do not use personal data: we record events such as page views and searches on our own servers, linked to a random visitor identifier created in your browser rather than to your name, e-mail address, account or IP address, and we look at the results in aggregate. If you use the search assistant without signing in, the same random identifier lets us keep your conversation.',
        'We honor Do Not Track. If your browser sends a Do Not Track signal, we do not record analytics events for your visit. You can also clear or block cookies and site data in your browser settings, but if you block the session cookie you will not be able to stay signed in.',
      ],
    },
    {
      id: 'data-retention',
      heading: '6. Data Retention',
      paragraphs: [
        'We keep personal information only for as long as we need it for the purposes in this Policy, and then delete it or make it anonymous. How long that is depends on the kind of information:',
      ],
      bullets: [
        'Account information: for as long as your account is open. When you close your account, we delete or anonymize it, except for the records described below that we must keep.',
        'Booking, payment and refund records: for as long as we need them for tax, accounting, chargebacks, disputes and other legal obligations, which can be several years.',
        'Support and assistant conversations: for as long as needed to help you and keep a record of your request, or until your account is deleted.',
        'Sign-in sessions, e-mail verification links and password-reset links: they stop working when they expire or are used, and we then remove them.',
        'Analytics events: they contain no personal data, and we may keep them in aggregate or anonymous form to understand trends over time.',
        'Technical logs and abuse-prevention records: for a short period, unless we need them longer to investigate a security incident.',
      ],
    },
    {
      id: 'data-security',
      heading: '7. Data Security',
      paragraphs: [
        'We use administrative, technical and physical safeguards designed to protect your information. No system is completely secure, so please use a strong, unique password and keep it to yourself. If we learn of a security breach that affects your personal information, we will notify you as required by law.',
        'Our safeguards include:',
      ],
      bullets: [
        'passwords stored only as salted hashes using a modern password-hashing algorithm (argon2id), never in readable form;',
        'session tokens, e-mail verification tokens and password-reset tokens stored only as hashes, so that a copy of our database cannot be used to sign in as you;',
        'encryption in transit (HTTPS/TLS) for information sent between your browser and the Service;',
        'card payments handled by a PCI DSS-compliant payment processor, so we never store full card numbers;',
        'limits on repeated sign-in, registration and similar attempts to slow down password guessing and abuse;',
        'access to personal information limited to the people who need it to run the Service and support you.',
      ],
    },
    {
      id: 'your-rights-and-choices',
      heading: '8. Your Rights and Choices',
      paragraphs: [
        'You stay in control of your information. Depending on the state you live in, you may have additional rights under state law (see Section 9 for California residents). To make a request, contact us at {email}. We may need to verify your identity before acting on it, we will respond within the time the law requires, and we will not treat you differently for exercising your rights.',
        'Whatever state you live in, you can:',
      ],
      bullets: [
        'review and update your account details, saved vehicle details and preferences in your account settings;',
        'ask for a copy of the personal information we hold about you;',
        'ask us to correct information that is inaccurate;',
        'ask us to delete your account and personal information, apart from records we must keep by law, such as booking and payment records;',
        'remove a saved card from your account;',
        'turn off marketing e-mails and optional notifications at any time (we will still send essential messages about your bookings and account);',
        'turn on Do Not Track in your browser so that we do not record analytics events for your visits.',
      ],
    },
    {
      id: 'california-privacy-rights',
      heading: '9. California Privacy Rights',
      paragraphs: [
        'If you are a California resident, the California Consumer Privacy Act, as amended by the California Privacy Rights Act (the “CCPA”), gives you rights over your personal information. In the past 12 months we have collected the categories of information described in Section 2: identifiers (such as your name, e-mail address, phone number and account identifiers), customer records (such as booking and vehicle details and limited payment details), commercial information (your bookings and purchases), internet activity (anonymous usage data) and the contents of messages you send us. We collect this information for the purposes in Section 3 and disclose it for business purposes only to the recipients in Section 4. Account log-in details are the only sensitive personal information we handle, and we use them only to provide the Service.',
        'We do not sell personal information and we do not share it for cross-context behavioral advertising, and we have not done so in the past 12 months. We do not knowingly sell or share the personal information of consumers under 16. To make a request, e-mail {email} or call {phone}. We will verify your request by matching information we already hold, and you may use an authorized agent with your signed permission. We will respond within 45 days, or tell you if we need up to 45 more days.',
        'Under the CCPA you have the right to:',
      ],
      bullets: [
        'Know: ask what personal information we have collected about you, the sources, the purposes, and the categories of third parties we disclosed it to, and receive a copy of the specific pieces of information.',
        'Delete: ask us to delete personal information we collected from you, subject to exceptions allowed by law, such as records we must keep.',
        'Correct: ask us to correct inaccurate personal information.',
        'Opt out of sale or sharing: we do not sell or share personal information, so there is nothing you need to opt out of, but you can contact us with any questions.',
        'Limit the use of sensitive personal information: we already use it only as needed to provide the Service.',
        'Non-discrimination: we will not deny you service, charge you different prices or give you a different level of service because you exercised your rights.',
      ],
    },
    {
      id: 'childrens-privacy',
      heading: '10. Children’s Privacy',
      paragraphs: [
        'The Service is intended for adults planning travel and is not directed to children. Children under 13 may not use the Service, and we do not knowingly collect personal information from children under 13. You must be at least 18 to create an account or make a booking.',
        'If you believe a child under 13 has given us personal information, please contact us at {email} and we will delete it promptly.',
      ],
    },
    {
      id: 'international-users',
      heading: '11. International Users',
      paragraphs: [
        '{brand} is a US-based service for parking at US airports and cruise ports. Your information is processed and stored in the United States, where data-protection laws may differ from those in your country.',
        'If you use the Service from outside the United States, you understand that your information will be transferred to, stored and processed in the United States under this Policy.',
      ],
    },
    {
      id: 'changes-to-this-policy',
      heading: '12. Changes to This Policy',
      paragraphs: [
        'We may update this Policy from time to time, for example when we change the Service or when the law changes. When we do, we will change the “Last updated” date at the top of this page. If a change is material, we will tell you before it takes effect, for example by e-mail or with a notice on the site.',
        'We will not use personal information we have already collected in a materially different way from what this Policy described when we collected it without giving you notice and, where the law requires it, getting your consent.',
      ],
    },
    {
      id: 'contact-us',
      heading: '13. Contact Us',
      paragraphs: [
        'If you have questions about this Policy, want to make a privacy request or have a concern about how we handle your information, please contact {brand}. For requests, please write “Privacy request” in the subject line.',
      ],
      bullets: ['E-mail: {email}', 'Phone: {phone}'],
    },
  ],
};
