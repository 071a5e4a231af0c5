import { policy } from '../../shared/policy';
import { BRAND } from '../lib/brand';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: 'general' | 'technical' | 'billing';
  name: string;
  items: FaqItem[];
}

/** The /faq page's questions. Numbers come from the policy constants so every page agrees. */
export const faqCategories: FaqCategory[] = [
  {
    id: 'general',
    name: 'General',
    items: [
      {
        id: 'what-is',
        // Getters: the shop's name is read when the page renders, not when this module loads.
        get question() {
          return `What is ${BRAND}?`;
        },
        get answer() {
          return `${BRAND} rents out game servers for Minecraft, FiveM and Palworld. You pick a plan, pay once through a secure checkout, and your server comes online by itself with a control panel, backups and a support team that is awake around the clock.`;
        },
      },
      {
        id: 'games',
        question: 'Which games can I host?',
        answer:
          'Minecraft (vanilla, Paper, Spigot, Forge, Fabric and most modpacks), FiveM roleplay and freeroam servers, and Palworld dedicated servers. Each game has its own configurator with plans sized for it, so you never pay for resources the game cannot use.',
      },
      {
        id: 'setup-time',
        question: 'How long does it take before I can play?',
        answer: `Setup is ${policy.provisioningHint} after your payment goes through. The success page shows each step live (paid, creating, installing, online), and the connection details appear in your dashboard the moment the server is ready.`,
      },
      {
        id: 'locations',
        question: 'Where are your servers located?',
        answer:
          'We run four regions: US West (California), US East (Virginia), EU West (Amsterdam) and Asia Pacific (Singapore). Pick the one closest to most of your players; a shorter distance means lower ping for everyone.',
      },
      {
        id: 'account',
        question: 'Do I need an account to order?',
        answer:
          'You can browse every page and try the configurator without one. To pay, you need a free account: it takes under a minute and keeps your servers, invoices, support tickets and referral earnings in one place.',
      },
      {
        id: 'player-count',
        question: 'How many players can join my server?',
        answer:
          'Every plan lists a recommended player count for its game. Mods, plugins and big maps use more memory than a vanilla world, so a heavily modded server needs a larger plan for the same crowd. When your community grows, move to a bigger plan and keep your world.',
      },
    ],
  },
  {
    id: 'technical',
    name: 'Technical',
    items: [
      {
        id: 'ddos',
        question: 'Are my servers protected against DDoS attacks?',
        answer:
          'Yes. Every server sits behind always-on DDoS filtering that drops attack traffic before it reaches your game. It is included in every plan at no extra cost, and you never have to switch it on.',
      },
      {
        id: 'mods',
        question: 'Can I install mods, plugins and custom resources?',
        answer:
          'Yes. You get full access to your server files through the game panel and over SFTP, so you can upload mods, plugins, datapacks, FiveM resources and custom configs. If a modpack gives you trouble, our team will help you get it running.',
      },
      {
        id: 'backups',
        question: 'How do backups work?',
        answer: `You can take a backup at any time from your dashboard and download it whenever you like. The Automatic Backups add-on takes one every day and keeps the last seven days. If you cancel, your last backup stays downloadable for ${policy.backupKeptAfterCancelDays} days.`,
      },
      {
        id: 'control',
        question: 'Can I start, stop and restart my server myself?',
        answer:
          'Always. Your dashboard has start, stop and restart buttons, a live console where you can type commands, CPU and memory graphs, the player list and a scheduled restart. Everything works from your phone too.',
      },
      {
        id: 'uptime',
        question: 'What uptime can I expect?',
        answer: `Our Service Level Agreement states the uptime we guarantee for each tier and backs it with credits: if a month falls below the guaranteed uptime for your tier, you can claim part of that month's fee back within ${policy.sla.claimWithinDays} days.`,
      },
      {
        id: 'move-region',
        question: 'Can I move my server to another region later?',
        answer:
          'Yes. Open a ticket from your dashboard and tell us where you want to go. We copy your files to the new region and let you know when it is done. Your server address changes, so share the new one with your players.',
      },
    ],
  },
  {
    id: 'billing',
    name: 'Billing',
    items: [
      {
        id: 'refund',
        question: 'What is your refund policy?',
        answer: `Every new service comes with a ${policy.refundWindowHours}-hour money-back guarantee. If you are not happy within ${policy.refundWindowHours} hours of your first payment, open a ticket from your dashboard or write to us through the support page and you get the full amount back, no questions asked. Refunds go to the original card and usually arrive within ${policy.refundProcessingBusinessDays} business days.`,
      },
      {
        id: 'payment-methods',
        question: 'Which payment methods do you accept?',
        answer:
          'All major credit and debit cards, through a secure hosted checkout run by our payment provider. Your card details are entered on the provider’s page, so we never see or store your full card number.',
      },
      {
        id: 'discounts',
        question: 'Do you offer discounts for longer billing periods?',
        answer:
          'Yes. Paying for 3, 6 or 12 months up front earns a discount, and the longer the period, the bigger the saving. The configurator shows the exact total and how much you save before you pay.',
      },
      {
        id: 'failed-payment',
        question: 'What happens if a renewal payment fails?',
        answer: `We email you and try the payment again after ${policy.paymentRetryDays} days. If it is still unpaid after ${policy.suspendAfterDays} days, the server is suspended but your files are kept. After ${policy.deleteAfterDays} days unpaid, the server and its data are deleted. Paying the open invoice at any point before that brings everything back.`,
      },
      {
        id: 'change-plan',
        question: 'Can I upgrade or downgrade my plan?',
        answer:
          'Yes. Ask from the Support section of your dashboard and we move your server to the new plan with your files intact. The new price applies from your next billing period.',
      },
      {
        id: 'cancel',
        question: 'How do I cancel?',
        answer: `Cancel from the Billing section of your dashboard at any time. Your server keeps running until the end of the period you paid for and is not renewed. Your last backup stays downloadable for ${policy.backupKeptAfterCancelDays} days afterwards.`,
      },
      {
        id: 'price-changes',
        question: 'Can my price go up?',
        answer: `Not without warning. We email you at least ${policy.priceChangeNoticeDays} days before any price change affects your renewals, so you have time to decide what to do.`,
      },
    ],
  },
];
