import { BRAND } from '../lib/brand';
import { policy } from '../../shared/policy';

const hours = policy.refundWindowHours;
const days = policy.refundProcessingBusinessDays;

export const refundPolicy = {
  title: 'Refund Policy',
  intro: `Try ${BRAND} without the risk: if a new server is not right for you, tell us within ${hours} hours and you get your money back.`,
  lastUpdated: 'November 2026',
  sections: [
    {
      id: 'guarantee',
      title: `${hours}-Hour Money-Back Guarantee`,
      paragraphs: [
        `Every new service comes with a ${hours}-hour money-back guarantee. If you ask within ${hours} hours of your first payment for it, we refund that payment in full. You do not have to give a reason, although we would like to hear what did not work for you.`,
        `Refunds go back to the payment method you used and take ${days} business days to arrive, depending on your bank.`,
      ],
    },
    {
      id: 'covered',
      title: 'What the Guarantee Covers',
      paragraphs: ['The guarantee applies to:'],
      list: [
        'the first payment for a new game server, whichever plan, location and billing period you chose, including the add-ons ordered with it',
        'the first payment for an upgrade pack',
      ],
    },
    {
      id: 'not-covered',
      title: 'What It Does Not Cover',
      paragraphs: ['The guarantee does not apply to:'],
      list: [
        `requests made more than ${hours} hours after the payment`,
        'renewal payments; cancel before your renewal date if you do not want the next period',
        'services suspended or terminated for breaking our Terms of Service',
        'accounts that repeatedly order and refund services to get hosting for free',
      ],
      notes: ['Where the law in your country gives you more rights than this policy, those rights apply as well.'],
    },
    {
      id: 'setup-failures',
      title: 'If Your Server Cannot Be Set Up',
      paragraphs: [
        `New servers are ready ${policy.provisioningHint}. If setting up your server fails, our team is alerted and works on it straight away. If we cannot fix it, we refund your payment in full, whenever that happens and whether or not the ${hours}-hour window has passed.`,
      ],
    },
    {
      id: 'request',
      title: 'How to Request a Refund',
      paragraphs: [
        'Cancelling a service is not the same as asking for a refund. To ask for one, open a ticket from the Support page of your dashboard with the category Billing, or send a message through our public support page. Tell us which server or pack it is for.',
        'We confirm the refund by email. A refunded service is cancelled straight away and its files are deleted, so download anything you want to keep before you ask.',
      ],
      link: { to: '/support', label: 'Contact support' },
    },
    {
      id: 'timing',
      title: 'When You Get Your Money',
      paragraphs: [
        `Once we approve a refund, the money goes back to the card or payment method you paid with. Your bank or card issuer takes ${days} business days to show it in your account. The refunded invoice is marked as refunded in your billing history.`,
      ],
    },
    {
      id: 'cancellation',
      title: 'Cancelling Without a Refund',
      paragraphs: [
        'You can cancel any service at any time from your dashboard. It keeps running until the end of the period you have paid for and is not renewed. We do not refund the unused part of a billing period.',
        `After a cancelled service ends, its last backup stays available to download for ${policy.backupKeptAfterCancelDays} days.`,
        `If we raise the price of your plan, we tell you at least ${policy.priceChangeNoticeDays} days before it applies, so you have time to cancel before paying the new price.`,
      ],
    },
    {
      id: 'failed-payments',
      title: 'Failed Payments',
      paragraphs: [
        `If a renewal payment fails, we try again after ${policy.paymentRetryDays} days. A service unpaid for ${policy.suspendAfterDays} days is suspended, and one unpaid for ${policy.deleteAfterDays} days is deleted along with its backups. Paying the open invoice before then restores a suspended server. Time a service spends suspended is not refunded or added to its billing period.`,
      ],
    },
    {
      id: 'chargebacks',
      title: 'Chargebacks',
      paragraphs: [
        'Please talk to us before disputing a payment with your bank: a refund through us is faster for you. While a chargeback is open, the services it covers may be suspended.',
      ],
    },
    {
      id: 'referrals',
      title: 'Referral Commissions',
      paragraphs: [
        `Affiliate commission on a payment becomes payable only after its ${hours}-hour refund window has passed. If a payment is refunded, the commission on it is cancelled.`,
      ],
    },
  ],
};
