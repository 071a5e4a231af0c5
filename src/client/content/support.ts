import type { BusinessRules } from '../../shared/business-rules';
import { policy } from '../../shared/policy';

export interface SupportQuestion {
  id: string;
  question: string;
  answer: string;
}

/** The six quick answers in the /support accordion; the refund window is the one Settings set. */
export function supportQuestions(rules: Pick<BusinessRules, 'refundWindowHours'>): SupportQuestion[] {
  return [
    {
      id: 'connect',
      question: 'How do I connect to my server?',
      answer:
        'Open My Services in your dashboard: the address and port of every server are listed there, ready to copy. Paste them into your game’s multiplayer or direct-connect screen and you are in.',
    },
    {
      id: 'wont-start',
      question: 'My server will not start. What should I check first?',
      answer:
        'Open the live console in your dashboard and read the last lines: they almost always name the mod, plugin or config file at fault. Remove or roll back whatever you changed last, or restore a recent backup. Still stuck? Send us the console output and we will take it from there.',
    },
    {
      id: 'refund',
      question: 'How do I get a refund?',
      answer: `Every new service is covered by our ${rules.refundWindowHours}-hour money-back guarantee. Ask within ${rules.refundWindowHours} hours of your first payment and you get the full amount back; it usually reaches your card within ${policy.refundProcessingBusinessDays} business days.`,
    },
    {
      id: 'modpacks',
      question: 'Can you help me install a modpack or a roleplay framework?',
      answer:
        'Yes. Tell us the modpack, or the FiveM framework you want (ESX, QBCore or your own), and we will point out what is blocking it. If you would rather our team installs it for you, that is what the upgrade packs are for.',
    },
    {
      id: 'tickets',
      question: 'I am already a customer. Where do I open a ticket?',
      answer:
        'Sign in and go to Support in your dashboard, then choose New Ticket. Your tickets keep the whole conversation in one thread, and we email you whenever we reply.',
    },
    {
      id: 'hours',
      question: 'Is support really available 24/7?',
      answer:
        'Yes. Our team works in shifts so a real person is on hand at any hour, weekends and holidays included. Outages that take servers offline are always picked up first.',
    },
  ];
}

export interface ResponseTime {
  id: 'technical' | 'billing' | 'sales';
  team: string;
  description: string;
  time: string;
}

/** Typical time to a first reply, per kind of question. */
export const responseTimes: ResponseTime[] = [
  {
    id: 'technical',
    team: 'Technical Support',
    description: 'Crashes, mods, performance and connection problems',
    time: policy.supportResponse.technical,
  },
  {
    id: 'billing',
    team: 'Billing',
    description: 'Invoices, payments, refunds and plan changes',
    time: policy.supportResponse.billing,
  },
  {
    id: 'sales',
    team: 'Sales',
    description: 'Choosing a plan, large communities and custom setups',
    time: policy.supportResponse.sales,
  },
];

export interface SecurityPoint {
  title: string;
  text: string;
}

export const securityPoints: SecurityPoint[] = [
  {
    title: 'We never ask for your password',
    text: 'Our staff will never ask for your password or a two-factor code, by email, ticket or Discord. Anyone who does is not us.',
  },
  {
    title: 'Your card stays with the payment provider',
    text: 'Card details are typed on our payment provider’s secure page. We never see or store your full card number.',
  },
  {
    title: 'Account changes are verified',
    text: 'We only change ownership, email or billing details when the request comes from your signed-in account or your verified email address.',
  },
  {
    title: 'Found a security issue?',
    text: 'Send it through the form on this page with “Security” in the subject. Reports go straight to our engineers and are handled first.',
  },
];

export interface SupportChannel {
  id: 'faq' | 'discord' | 'status' | 'tickets';
  title: string;
  text: string;
  to: string;
  action: string;
}

export const supportChannels: SupportChannel[] = [
  {
    id: 'faq',
    title: 'Search the help centre',
    text: 'Answers to the questions we hear most, from setup to refunds.',
    to: '/help',
    action: 'Open the help centre',
  },
  {
    id: 'discord',
    title: 'Ask the community',
    text: 'Server owners and our staff trade tips on our Discord every day.',
    to: '/discord',
    action: 'Join the Discord',
  },
  {
    id: 'status',
    title: 'Check system status',
    text: 'See whether a region or service is having trouble right now.',
    to: '/status',
    action: 'View status',
  },
  {
    id: 'tickets',
    title: 'Open a ticket',
    text: 'Customers get threaded tickets with email updates in their dashboard.',
    to: '/dashboard/support',
    action: 'Go to my tickets',
  },
];
