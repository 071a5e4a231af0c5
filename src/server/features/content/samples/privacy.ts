/** The privacy page as it ships: sample text, shown as such to staff until they write their own. */
export const privacySample = `# Privacy Policy

What we collect when you use our website and servers, why we need it, how long we keep it, and the control you have over it.

## Who We Are

{{shop.name}} runs this website, the customer dashboard and the game servers you rent from us. For the personal data described here, the controller is {{seller.name}}, {{seller.address}} (tax ID {{seller.taxId}}): we decide why and how it is used, and we answer for it.

This policy covers customers, visitors to our website, and anyone who writes to our support team. It does not cover what you do with the data of players who join your own server; for that, you are the one in charge.

## Data We Collect

We collect only what we need to run your servers, bill you and help you:

- Account data: your email address, your name if you give it, and your password, which we store only as a one-way hash.
- Billing data: invoices, payments, refunds, account credit and the type, last four digits and expiry date of your saved cards.
- Server data: server names, settings, files you upload, console output and backups.
- Support data: your tickets, replies and messages sent through our contact form.
- Technical data: IP addresses, browser type, sign-in times and security events such as failed sign-ins.
- Referral data: the referral code you signed up with, and clicks and sign-ups that come through your own referral link.

## How We Use Your Data

We use your data to:

- set up, run, back up and monitor the servers you order
- charge you, send invoices, retry failed payments and handle refunds
- answer your tickets and messages
- send service emails such as sign-up confirmation, password resets, renewal reminders and outage notices
- track referrals and pay affiliate commissions
- protect accounts and our network from fraud and abuse
- understand, in aggregate, which plans and features people use so we can improve them

We do not sell your personal data, and we do not use it for advertising on other websites.

## Legal Bases

Where data protection law asks us to name a legal basis, these are ours:

- Contract: running the services you ordered and billing for them.
- Legal obligation: keeping invoices and payment records for tax and accounting law.
- Legitimate interests: keeping accounts and our network secure, preventing fraud, and improving the service.
- Consent: optional product news by email, which you can turn off at any time in your notification settings.

## Cookies

We use as few cookies as we can, and none for advertising or cross-site tracking:

- Session cookies keep you signed in. They are HttpOnly, so scripts running in the page cannot read them, and they are sent only to our own site.
- A referral cookie remembers the referral code from a link you followed, for 90 days, so the person who referred you gets credit if you sign up.

## Payments

Card payments are handled by our payment provider on its own secure checkout page. Your full card number and security code go straight to the provider and never touch our servers.

We receive a reference to your saved card, its brand, last four digits and expiry date, and the result of each payment, which is what we need to bill renewals and show your billing history.

## Who We Share Data With

We share data only with the people and services that need it to do their part:

- our payment provider, to take payments and issue refunds
- our email delivery provider, to send service emails
- the data centres and network providers that host our machines
- professional advisers such as accountants, when they need it for their work
- authorities, when the law requires it and only as much as it requires

If you signed up through a referral link, the person who referred you sees the referral in their affiliate dashboard with limited details, such as a partly hidden name or email, the plan and the commission. They never see your payment details.

Your server address is public by nature: anyone you give it to, or who finds it in a server list, can connect to it.

## How Long We Keep Data

We keep data only as long as it has a purpose:

- Account data: while your account is open, and deleted when you close it, apart from what the law requires us to keep.
- Server files: while the service runs. After {{rules.deleteAfterDays}} days unpaid, a server and its backups are permanently deleted.
- Backups of cancelled services: available to download for {{rules.backupKeptAfterCancelDays}} days after the service ends, then deleted.
- Invoices and payment records: as long as tax and accounting law requires.
- Support conversations: while your account is open, so we have the history if you write again.
- Security logs: only as long as we need them to investigate abuse and keep accounts safe.

## How We Protect Your Data

Connections to our website and dashboard are encrypted. Passwords are stored only as slow, salted hashes, so nobody at our company can read them. Your session lives in an HttpOnly cookie that page scripts cannot read, and you can sign out of every session at once from your security settings.

You can add two-factor sign-in with any authenticator app. Our staff see customer data only when their role needs it, for example to answer your ticket.

If a breach ever puts your personal data at risk, we will tell you and the relevant authorities as the law requires.

## Your Rights

Depending on where you live, you have the right to:

- get a copy of the personal data we hold about you
- have inaccurate data corrected
- have your data deleted, apart from what the law requires us to keep
- receive your data in a portable format
- object to, or ask us to restrict, some uses of your data
- withdraw consent you have given, such as for product news
- complain to your local data protection authority

You can change most of your details yourself in your account settings. For anything else, open a ticket or use the support page. We reply within one month.

## Children

Our services are not aimed at children. Accounts must be opened by someone aged 18 or over, or by a parent or guardian who takes responsibility for them. Players of any age may join a server, but we do not collect their personal data; the server owner decides what their server records.

If we learn that we hold personal data of a child under 13 without a parent or guardian agreeing, we delete it.

## Changes and Contact

When we change this policy we update the date at the top of this page, and when a change matters to you we email you before it takes effect.

Questions about your data, or want to use one of your rights? Open a ticket from your dashboard or write to us through the support page.

[Contact support](/support)
`;
