/** L'accord de niveau de service tel qu'il est livré : texte d'exemple (decision 079). */
export const sla = `# Accord de niveau de service

La disponibilité que {{shop.name}} garantit, la façon dont nous la mesurons et le crédit que vous recevez quand nous n'y arrivons pas.

## Champ d'application

Cet accord couvre la disponibilité des serveurs de jeu que vous louez chez {{shop.name}} : la machine sur laquelle tourne votre serveur, son alimentation et le réseau qui la relie à vos joueurs. Il s'applique à chaque serveur commandé sur notre site.

## Garantie de disponibilité

Nous visons une disponibilité d'au moins {{rules.slaUptimeTarget}} de chaque mois civil pour chaque serveur. Lorsqu'un serveur passe en dessous, vous recevez un crédit, comme indiqué dans la section Crédits de service.

## Comment nous mesurons la disponibilité

L'indisponibilité commence lorsque nous constatons qu'un serveur ne peut pas être joint ou démarré à cause d'une panne de notre côté, et se termine lorsque le service est rétabli. Notre page d'état montre ce que mesurent nos propres vérifications. Pour chaque serveur, nous retenons les vérifications de la machine sur laquelle il tourne : sa disponibilité du mois est la part de ces vérifications où la machine a répondu.

La disponibilité est calculée par serveur et par mois civil. Les périodes exclues par cet accord ne comptent pas comme indisponibilité.

## Crédits de service

Lorsque la disponibilité mensuelle d'un serveur passe sous un seuil, vous recevez un crédit égal à une part du tarif mensuel de ce serveur :

{{rules.slaCreditTable}}

Seul le crédit le plus élevé qui s'applique est accordé, et les crédits d'un mois ne dépassent jamais le tarif de ce mois. Les crédits sont ajoutés au solde de votre compte et utilisés automatiquement sur vos prochaines factures ; ils ne sont pas versés en espèces.

## Comment demander un crédit

Demandez un crédit en ouvrant un ticket Facturation depuis votre tableau de bord une fois le mois terminé, et au plus tard {{rules.slaClaimWithinDays}} jours après sa fin. Indiquez-nous le serveur touché et, à peu près, quand le problème a eu lieu.

Nous vérifions votre demande à partir de nos relevés de surveillance et répondons dans le ticket. Les crédits accordés apparaissent aussitôt sur le solde de votre compte.

## Exclusions

L'indisponibilité ne compte pas pour la garantie lorsqu'elle est due à :

- une maintenance planifiée annoncée à l'avance
- vos propres mods, plugins, scripts, ressources ou configuration, y compris les plantages et le lag qu'ils provoquent
- des mises à jour du jeu publiées par l'éditeur qui cassent un serveur ou ses extensions
- vos propres actions, comme arrêter, redémarrer ou réinstaller votre serveur
- une suspension pour factures impayées ou pour non-respect de nos conditions d'utilisation
- des pannes de services tiers dont dépend votre jeu, comme la connexion Mojang ou Microsoft, Steam, Cfx.re ou Discord, ou des problèmes de connexion propres à un joueur
- des événements échappant à notre contrôle raisonnable, comme des catastrophes naturelles ou des pannes d'Internet à grande échelle

## Délais de réponse du support

Voici nos objectifs pour une première réponse d'une personne, selon le type de question : questions techniques, serveur hors service compris, {{rules.supportTechnicalReply}} ; facturation {{rules.supportBillingReply}} ; ventes {{rules.supportSalesReply}}. Ce sont des objectifs, pas une garantie : une réponse plus tardive ne donne droit à aucun crédit.

## Maintenance planifiée

Nous annonçons les maintenances prévues à l'avance par e-mail et sur notre page d'état, et les programmons aux heures les plus calmes de la région concernée. La plupart des maintenances ne demandent qu'un seul redémarrage du serveur.

Des correctifs de sécurité urgents peuvent intervenir avec peu de préavis. Lorsqu'ils entraînent une indisponibilité, celle-ci compte dans votre disponibilité.

[Voir la page d'état](/status)

## Modification de cet accord

Nous ne réduisons jamais votre garantie au milieu d'une période de facturation déjà payée. Les modifications de cet accord s'appliquent à partir de votre prochain renouvellement, et nous vous écrivons avant leur entrée en vigueur.

[Contacter le support](/support)
`;
