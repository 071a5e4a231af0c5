/** The refund page as it ships: sample text, shown as such to staff until they write their own. */
export const refundSample = `# Refund Policy

Try {{shop.name}} without the risk: if a new server is not right for you, tell us within {{rules.refundWindowHours}} hours and you get your money back.

## {{rules.refundWindowHours}}-Hour Money-Back Guarantee

Every new service comes with a {{rules.refundWindowHours}}-hour money-back guarantee. If you ask within {{rules.refundWindowHours}} hours of your first payment for it, we refund that payment in full. You do not have to give a reason, although we would like to hear what did not work for you.

Refunds go back to the payment method you used and take {{rules.refundProcessingDays}} business days to arrive, depending on your bank.

## What the Guarantee Covers

The guarantee applies to:

- the first payment for a new game server, whichever plan, location and billing period you chose, including the add-ons ordered with it
- the first payment for an upgrade pack

## What It Does Not Cover

The guarantee does not apply to:

- requests made more than {{rules.refundWindowHours}} hours after the payment
- renewal payments; cancel before your renewal date if you do not want the next period
- services suspended or terminated for breaking our Terms of Service
- accounts that repeatedly order and refund services to get hosting for free

Where the law in your country gives you more rights than this policy, those rights apply as well.

## If Your Server Cannot Be Set Up

New servers are usually ready in 1-3 minutes. If setting up your server fails, our team is alerted and works on it straight away. If we cannot fix it, we refund your payment in full, whenever that happens and whether or not the {{rules.refundWindowHours}}-hour window has passed.

## How to Request a Refund

Cancelling a service is not the same as asking for a refund. To ask for one, open a ticket from the Support page of your dashboard with the category Billing, or send a message through our public support page. Tell us which server or pack it is for.

We confirm the refund by email. A refunded service is cancelled straight away and its files are deleted, so download anything you want to keep before you ask.

[Contact support](/support)

## When You Get Your Money

Once we approve a refund, the money goes back to the card or payment method you paid with. Your bank or card issuer takes {{rules.refundProcessingDays}} business days to show it in your account. The refunded invoice is marked as refunded in your billing history.

## Cancelling Without a Refund

You can cancel any service at any time from your dashboard. It keeps running until the end of the period you have paid for and is not renewed. We do not refund the unused part of a billing period.

After a cancelled service ends, its last backup stays available to download for {{rules.backupKeptAfterCancelDays}} days.

If we raise the price of your plan, we tell you at least {{rules.priceChangeNoticeDays}} days before it applies, so you have time to cancel before paying the new price.

## Failed Payments

If a renewal payment fails, we try again after {{rules.paymentRetryDays}} days. A service unpaid for {{rules.suspendAfterDays}} days is suspended, and one unpaid for {{rules.deleteAfterDays}} days is deleted along with its backups. Paying the open invoice before then restores a suspended server. Time a service spends suspended is not refunded or added to its billing period.

## Chargebacks

Please talk to us before disputing a payment with your bank: a refund through us is faster for you. While a chargeback is open, the services it covers may be suspended.

## Referral Commissions

Affiliate commission on a payment becomes payable only after its {{rules.refundWindowHours}}-hour refund window has passed. If a payment is refunded, the commission on it is cancelled.
`;
