/** Les conditions d'utilisation telles qu'elles sont livrées : texte d'exemple (decision 079). */
export const terms = `# Conditions d'utilisation

Les règles qui s'appliquent quand vous louez un serveur de jeu chez {{shop.name}}, écrites pour être lues, pas survolées.

## Acceptation des présentes conditions

Les présentes conditions d'utilisation constituent l'accord entre vous et {{seller.name}}, {{seller.address}} (numéro fiscal {{seller.taxId}}), qui exploite {{shop.name}}. Elles s'appliquent lorsque vous créez un compte, commandez un serveur de jeu, achetez un pack d'extension ou utilisez notre site et votre tableau de bord. En faisant l'une de ces choses, vous acceptez ces conditions.

Si vous les acceptez au nom d'une équipe, d'un clan, d'une communauté ou d'une entreprise, vous confirmez que vous en avez le droit et que ceux-ci y sont également tenus.

Vous devez avoir au moins 18 ans pour créer un compte et payer des services, ou avoir un parent ou tuteur qui accepte ces conditions et prend la responsabilité du compte.

## Votre compte

Vous êtes responsable de la sécurité de vos identifiants et de tout ce qui est fait depuis votre compte, y compris par les personnes à qui vous donnez accès à votre serveur ou à son panneau de jeu. Nous vous recommandons vivement d'activer la connexion à deux facteurs dans les paramètres de votre compte.

Tenez votre adresse e-mail à jour. Les factures, rappels de renouvellement, alertes de paiement échoué et avis de suspension y sont envoyés, et un message envoyé à cette adresse est considéré comme remis.

Un compte par personne ou organisation. N'ouvrez pas de comptes supplémentaires pour contourner une suspension ou pour toucher une commission de parrainage sur vos propres achats.

## Nos services

{{shop.name}} loue des serveurs de jeu pour Minecraft, FiveM et Palworld. Chaque serveur reçoit la mémoire, les vCPU et le stockage de l'offre choisie, à l'emplacement choisi. Les options et les packs d'extension ajoutent à un serveur les fonctions décrites sur leurs pages.

L'installation d'un serveur commence dès que votre paiement est confirmé et prend généralement 1 à 3 minutes. Vous pouvez suivre sa progression dans votre tableau de bord.

Nous pouvons déplacer un serveur vers une autre machine du même emplacement pour effectuer une maintenance ou garder des performances stables. Nous le faisons en interrompant le moins possible et vous prévenons à l'avance lorsqu'un redémarrage est nécessaire.

Si nous ne pouvons pas installer un serveur que vous avez payé et ne parvenons pas à résoudre le problème, nous remboursons intégralement ce paiement.

## Facturation et renouvellements

Les prix sont affichés avec leur devise avant le paiement. Vous payez d'avance la période de facturation choisie : mensuelle, 3 mois, 6 mois ou 12 mois. Les périodes plus longues bénéficient de la remise affichée avant le paiement. Les taxes s'ajoutent lorsque la loi l'exige.

Chaque service se renouvelle automatiquement à la fin de sa période de facturation et est prélevé sur votre moyen de paiement enregistré, sauf si vous résiliez avant. Chaque prélèvement donne lieu à une facture dans votre tableau de bord.

Nous pouvons modifier nos prix. Un nouveau prix ne s'applique à un service existant qu'à partir de son premier renouvellement intervenant au moins {{rules.priceChangeNoticeDays}} jours après l'e-mail qui vous annonce le changement, pour que vous ayez toujours le temps de changer d'offre ou de résilier.

## Paiements échoués, suspension et suppression

Lorsqu'un paiement de renouvellement échoue, nous vous écrivons immédiatement. Vous pouvez à tout moment mettre à jour votre moyen de paiement et régler la facture en attente depuis la page Facturation de votre tableau de bord.

- Après {{rules.paymentRetryDays}} jours, nous retentons automatiquement le paiement.
- Après {{rules.suspendAfterDays}} jours d'impayé, le service est suspendu : le serveur est arrêté et ne peut pas être démarré, mais ses fichiers sont conservés. Le règlement de la facture le rétablit.
- Après {{rules.deleteAfterDays}} jours d'impayé, le service prend fin et ses fichiers et sauvegardes sont définitivement supprimés. Nous ne pouvons plus les récupérer ensuite.

## Résiliation, remboursements et sauvegardes

Vous pouvez résilier un service à tout moment depuis votre tableau de bord. La résiliation prend effet à la fin de la période déjà payée, et le serveur fonctionne jusque-là. Nous ne remboursons pas la partie non utilisée d'une période, sauf dans le cadre de notre garantie satisfait ou remboursé.

Les nouveaux services bénéficient d'une garantie satisfait ou remboursé de {{rules.refundWindowHours}} heures. Les remboursements accordés reviennent sur votre moyen de paiement d'origine et arrivent sous {{rules.refundProcessingDays}} jours ouvrés.

Lorsqu'un service résilié prend fin, sa dernière sauvegarde reste téléchargeable depuis votre tableau de bord pendant {{rules.backupKeptAfterCancelDays}} jours. Elle est ensuite supprimée pour de bon : téléchargez tout ce que vous voulez garder.

[Lire la politique de remboursement complète](/refund)

## Utilisation acceptable

Votre serveur sert à faire tourner votre jeu et les outils qui l'accompagnent. Vous ne devez pas l'utiliser, ni laisser quiconque l'utiliser, pour :

- attaquer, scanner ou inonder d'autres serveurs ou réseaux, y compris les « tests de charge » DDoS de tout ce qui ne vous appartient pas
- le minage de cryptomonnaies, les proxys ouverts, l'envoi massif d'e-mails ou toute charge qui n'est ni un serveur de jeu ni un outil qui l'accompagne
- héberger ou diffuser des logiciels malveillants, des comptes volés, des ressources divulguées ou piratées, ou des contenus illégaux là où vous ou nous exerçons
- harceler, menacer ou exposer les données de joueurs (doxxing), ou faire tourner un serveur fondé sur la haine ou les abus
- enfreindre les conditions de licence ou les règles communautaires du jeu que vous hébergez

Lorsque quelque chose menace notre réseau, d'autres clients ou la loi, nous pouvons suspendre un serveur immédiatement, puis vous en expliquer la raison. Pour les problèmes moins graves, nous vous contactons d'abord et vous laissons la possibilité de les corriger.

## Votre contenu et les licences des jeux

Les mondes, fichiers de configuration, plugins, mods, scripts et tout ce que vous envoyez restent à vous. Vous nous accordez seulement les droits nécessaires pour les stocker, les sauvegarder et les exécuter afin de fournir le service.

Il vous appartient d'avoir le droit d'utiliser ce que vous envoyez et de respecter les règles de l'éditeur du jeu hébergé, comme le contrat de licence utilisateur final de Minecraft et ses règles de monétisation, les conditions de la plateforme Cfx.re pour FiveM et les conditions applicables aux serveurs dédiés Palworld.

Nous ne parcourons pas vos fichiers, mais nous donnons suite aux signalements fondés de contenu illégal ou d'atteinte au droit d'auteur, ce qui peut aller jusqu'à désactiver le contenu ou le serveur.

## Disponibilité et responsabilité

Notre disponibilité est encadrée par l'accord de niveau de service. Les crédits de service qu'il décrit sont votre réparation en cas d'indisponibilité.

Gardez vos propres copies de tout ce qui compte. Les sauvegardes, y compris celles de l'option de sauvegardes automatiques, sont un filet de sécurité et non une garantie contre toute forme de perte.

Dans la mesure permise par la loi, notre responsabilité totale pour toute réclamation est limitée au montant que vous nous avez payé pour le service concerné au cours des douze mois précédant l'événement à l'origine de la réclamation, et nous ne sommes pas responsables des pertes indirectes telles que la progression perdue en jeu, les dons ou les revenus. Rien dans ces conditions ne limite une responsabilité que la loi ne permet pas de limiter.

[Lire l'accord de niveau de service](/sla)

## Modification des conditions et contact

Nous pouvons mettre à jour ces conditions à mesure que le service évolue. Lorsqu'un changement vous concerne, nous vous écrivons avant son entrée en vigueur, et la date en haut de cette page indique toujours la version en vigueur. Si vous continuez à utiliser le service après l'entrée en vigueur d'un changement, les nouvelles conditions s'appliquent.

Des questions sur ces conditions ? Ouvrez un ticket depuis votre tableau de bord ou envoyez-nous un message via la page de support : une vraie personne vous répondra.

[Contacter le support](/support)
`;
