/** La politique de remboursement telle qu'elle est livrée : texte d'exemple (decision 079). */
export const refund = `# Politique de remboursement

Essayez {{shop.name}} sans risque : si un nouveau serveur ne vous convient pas, dites-le-nous sous {{rules.refundWindowHours}} heures et vous êtes remboursé.

## Garantie satisfait ou remboursé de {{rules.refundWindowHours}} heures

Chaque nouveau service est couvert par une garantie satisfait ou remboursé de {{rules.refundWindowHours}} heures. Si vous en faites la demande dans les {{rules.refundWindowHours}} heures suivant votre premier paiement pour ce service, nous remboursons ce paiement en totalité. Vous n'avez pas à vous justifier, même si nous aimerions savoir ce qui n'a pas fonctionné pour vous.

Les remboursements reviennent sur le moyen de paiement utilisé et mettent {{rules.refundProcessingDays}} jours ouvrés à arriver, selon votre banque.

## Ce que couvre la garantie

La garantie s'applique :

- au premier paiement d'un nouveau serveur de jeu, quels que soient l'offre, l'emplacement et la période de facturation choisis, y compris les options commandées avec lui
- au premier paiement d'un pack d'extension

## Ce qu'elle ne couvre pas

La garantie ne s'applique pas :

- aux demandes faites plus de {{rules.refundWindowHours}} heures après le paiement
- aux paiements de renouvellement ; résiliez avant la date de renouvellement si vous ne voulez pas de la période suivante
- aux services suspendus ou résiliés pour non-respect de nos conditions d'utilisation
- aux comptes qui commandent et se font rembourser des services à répétition pour être hébergés gratuitement

Lorsque la loi de votre pays vous accorde plus de droits que cette politique, ces droits s'appliquent aussi.

## Si votre serveur ne peut pas être installé

Les nouveaux serveurs sont généralement prêts en 1 à 3 minutes. Si l'installation de votre serveur échoue, notre équipe est alertée et s'en occupe aussitôt. Si nous ne parvenons pas à régler le problème, nous remboursons votre paiement en totalité, quel que soit le moment et que le délai de {{rules.refundWindowHours}} heures soit écoulé ou non.

## Comment demander un remboursement

Résilier un service n'est pas la même chose que demander un remboursement. Pour en demander un, ouvrez un ticket depuis la page Support de votre tableau de bord avec la catégorie Facturation, ou envoyez un message via notre page de support publique. Indiquez-nous le serveur ou le pack concerné.

Nous confirmons le remboursement par e-mail. Un service remboursé est résilié immédiatement et ses fichiers sont supprimés : téléchargez tout ce que vous voulez garder avant d'en faire la demande.

[Contacter le support](/support)

## Quand vous recevez votre argent

Une fois le remboursement accordé, l'argent revient sur la carte ou le moyen de paiement utilisé. Votre banque ou l'émetteur de votre carte met {{rules.refundProcessingDays}} jours ouvrés à le faire apparaître sur votre compte. La facture remboursée est marquée comme remboursée dans votre historique de facturation.

## Résilier sans remboursement

Vous pouvez résilier n'importe quel service à tout moment depuis votre tableau de bord. Il continue de fonctionner jusqu'à la fin de la période payée et n'est pas renouvelé. Nous ne remboursons pas la partie non utilisée d'une période de facturation.

Après la fin d'un service résilié, sa dernière sauvegarde reste téléchargeable pendant {{rules.backupKeptAfterCancelDays}} jours.

Si nous augmentons le prix de votre offre, nous vous prévenons au moins {{rules.priceChangeNoticeDays}} jours avant qu'il ne s'applique, pour que vous ayez le temps de résilier avant de payer le nouveau prix.

## Paiements échoués

Si un paiement de renouvellement échoue, nous réessayons après {{rules.paymentRetryDays}} jours. Un service impayé depuis {{rules.suspendAfterDays}} jours est suspendu, et un service impayé depuis {{rules.deleteAfterDays}} jours est supprimé avec ses sauvegardes. Régler la facture en attente avant cela rétablit un serveur suspendu. Le temps passé en suspension n'est ni remboursé ni ajouté à la période de facturation.

## Rétrofacturations

Contactez-nous avant de contester un paiement auprès de votre banque : un remboursement par nos soins est plus rapide pour vous. Tant qu'une rétrofacturation est en cours, les services qu'elle concerne peuvent être suspendus.

## Commissions de parrainage

La commission d'affiliation sur un paiement ne devient payable qu'une fois son délai de remboursement de {{rules.refundWindowHours}} heures écoulé. Si un paiement est remboursé, la commission correspondante est annulée.
`;
