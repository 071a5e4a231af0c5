import { refundDaysValues, type BusinessRules, type SupportRules } from '../../shared/business-rules';
import type { Translate } from '../lib/i18n';

export interface SupportQuestion {
  id: string;
  question: string;
  answer: string;
}

/** "about 2 hours", "about 90 minutes": a reply target as the page states it. */
export function replyTarget(minutes: number, t: Translate): string {
  return minutes % 60 === 0 ? t('supportPage.aboutHours', { hours: minutes / 60 }) : t('supportPage.aboutMinutes', { minutes });
}

/**
 * The six quick answers in the /support accordion, in the page's language. The refund window,
 * the reply targets and the support hours are the ones Settings → Business rules set.
 */
export function supportQuestions(rules: Pick<BusinessRules, 'refundWindowHours' | 'refundDaysMin' | 'refundDaysMax' | 'support'>, t: Translate): SupportQuestion[] {
  const hours = rules.refundWindowHours;
  const target = replyTarget(rules.support.technicalMinutes, t);
  const hoursText = rules.support.hoursText.trim();
  return [
    { id: 'connect', question: t('supportPage.q.connect'), answer: t('supportPage.a.connect') },
    { id: 'wont-start', question: t('supportPage.q.wontStart'), answer: t('supportPage.a.wontStart') },
    { id: 'refund', question: t('supportPage.q.refund'), answer: t('supportPage.a.refund', { hours, ...refundDaysValues(rules) }) },
    { id: 'modpacks', question: t('supportPage.q.modpacks'), answer: t('supportPage.a.modpacks') },
    { id: 'tickets', question: t('supportPage.q.tickets'), answer: t('supportPage.a.tickets') },
    {
      id: 'reply',
      question: t('supportPage.q.reply'),
      answer: hoursText ? t('supportPage.a.replyHours', { hours: hoursText, target }) : t('supportPage.a.reply', { target }),
    },
  ];
}

export interface ResponseTime {
  id: 'technical' | 'billing' | 'sales';
  team: string;
  description: string;
  time: string;
}

/** The shop's target for a first reply, per kind of question (Settings → Business rules). */
export function responseTimes(support: SupportRules, t: Translate): ResponseTime[] {
  return [
    { id: 'technical', team: t('supportPage.team.technical'), description: t('supportPage.team.technicalText'), time: replyTarget(support.technicalMinutes, t) },
    { id: 'billing', team: t('supportPage.team.billing'), description: t('supportPage.team.billingText'), time: replyTarget(support.billingMinutes, t) },
    { id: 'sales', team: t('supportPage.team.sales'), description: t('supportPage.team.salesText'), time: replyTarget(support.salesMinutes, t) },
  ];
}

export interface SecurityPoint {
  title: string;
  text: string;
}

export function securityPoints(t: Translate): SecurityPoint[] {
  return (['password', 'card', 'changes', 'report'] as const).map((id) => ({
    title: t(`supportPage.security.${id}Title`),
    text: t(`supportPage.security.${id}Text`),
  }));
}

export interface SupportChannel {
  id: 'faq' | 'discord' | 'status' | 'tickets';
  title: string;
  text: string;
  to: string;
  action: string;
  /** A public page, which keeps the visitor's language (/de/help); the dashboard has no prefix. */
  public: boolean;
}

export function supportChannels(t: Translate): SupportChannel[] {
  const channel = (id: SupportChannel['id'], to: string, isPublic: boolean): SupportChannel => ({
    id,
    title: t(`supportPage.channel.${id}Title`),
    text: t(`supportPage.channel.${id}Text`),
    action: t(`supportPage.channel.${id}Action`),
    to,
    public: isPublic,
  });
  return [channel('faq', '/help', true), channel('discord', '/discord', true), channel('status', '/status', true), channel('tickets', '/dashboard/support', false)];
}
