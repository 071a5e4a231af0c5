/** La politique de confidentialité telle qu'elle est livrée : texte d'exemple (decision 079). */
export const privacy = `# Politique de confidentialité

Ce que nous collectons quand vous utilisez notre site et nos serveurs, pourquoi nous en avons besoin, combien de temps nous le gardons et la maîtrise que vous en avez.

## Qui nous sommes

{{shop.name}} exploite ce site, le tableau de bord et les serveurs de jeu que vous nous louez. Pour les données personnelles décrites ici, le responsable du traitement est {{seller.name}}, {{seller.address}} (numéro fiscal {{seller.taxId}}) : nous décidons pourquoi et comment elles sont utilisées, et nous en répondons.

Cette politique concerne les clients, les visiteurs de notre site et toute personne qui écrit à notre équipe de support. Elle ne couvre pas ce que vous faites des données des joueurs qui rejoignent votre propre serveur : pour cela, c'est vous qui êtes responsable.

## Les données que nous collectons

Nous ne collectons que ce dont nous avons besoin pour faire tourner vos serveurs, vous facturer et vous aider :

- Données de compte : votre adresse e-mail, votre nom si vous le donnez, et votre mot de passe, que nous ne stockons que sous forme de hachage à sens unique.
- Données de facturation : factures, paiements, remboursements, crédit du compte ainsi que le type, les quatre derniers chiffres et la date d'expiration de vos cartes enregistrées.
- Données de serveur : noms de serveur, paramètres, fichiers que vous envoyez, sortie de la console et sauvegardes.
- Données de support : vos tickets, réponses et messages envoyés via notre formulaire de contact.
- Données techniques : adresses IP, type de navigateur, heures de connexion et événements de sécurité comme les connexions échouées.
- Données de parrainage : le code de parrainage avec lequel vous vous êtes inscrit, ainsi que les clics et inscriptions obtenus via votre propre lien de parrainage.

## Comment nous utilisons vos données

Nous utilisons vos données pour :

- installer, faire tourner, sauvegarder et surveiller les serveurs que vous commandez
- vous facturer, envoyer les factures, retenter les paiements échoués et traiter les remboursements
- répondre à vos tickets et messages
- envoyer les e-mails de service comme la confirmation d'inscription, la réinitialisation du mot de passe, les rappels de renouvellement et les avis d'incident
- suivre les parrainages et verser les commissions d'affiliation
- protéger les comptes et notre réseau contre la fraude et les abus
- comprendre, de façon agrégée, quelles offres et fonctions sont utilisées afin de les améliorer

Nous ne vendons pas vos données personnelles et ne les utilisons pas pour de la publicité sur d'autres sites.

## Bases légales

Lorsque la loi sur la protection des données nous demande d'indiquer une base légale, ce sont celles-ci :

- Contrat : la fourniture et la facturation des services que vous avez commandés.
- Obligation légale : la conservation des factures et des justificatifs de paiement au titre du droit fiscal et comptable.
- Intérêts légitimes : la sécurité des comptes et de notre réseau, la prévention de la fraude et l'amélioration du service.
- Consentement : les actualités facultatives sur le produit par e-mail, que vous pouvez désactiver à tout moment dans vos paramètres de notification.

## Cookies

Nous utilisons le moins de cookies possible, et aucun pour la publicité ou le suivi entre sites :

- Les cookies de session vous gardent connecté. Ils sont HttpOnly, si bien que les scripts de la page ne peuvent pas les lire, et ne sont envoyés qu'à notre propre site.
- Un cookie de parrainage retient pendant 90 jours le code de parrainage d'un lien que vous avez suivi, pour que la personne qui vous a parrainé soit créditée si vous vous inscrivez.

## Paiements

Les paiements par carte sont traités par notre prestataire de paiement sur sa propre page de paiement sécurisée. Votre numéro de carte complet et votre code de sécurité vont directement chez le prestataire et ne passent jamais par nos serveurs.

Nous recevons une référence à votre carte enregistrée, sa marque, ses quatre derniers chiffres, sa date d'expiration et le résultat de chaque paiement : c'est ce qu'il nous faut pour facturer les renouvellements et afficher votre historique de facturation.

## Avec qui nous partageons les données

Nous ne partageons les données qu'avec les personnes et services qui en ont besoin pour faire leur part :

- notre prestataire de paiement, pour encaisser les paiements et effectuer les remboursements
- notre prestataire d'envoi d'e-mails, pour envoyer les e-mails de service
- les centres de données et opérateurs réseau qui hébergent nos machines
- des conseillers professionnels comme les comptables, lorsqu'ils en ont besoin pour leur travail
- les autorités, lorsque la loi l'exige et uniquement dans la mesure où elle l'exige

Si vous vous êtes inscrit via un lien de parrainage, la personne qui vous a parrainé voit ce parrainage dans son tableau de bord d'affilié avec des informations limitées, comme un nom ou un e-mail partiellement masqué, l'offre et la commission. Elle ne voit jamais vos informations de paiement.

L'adresse de votre serveur est publique par nature : toute personne à qui vous la donnez, ou qui la trouve dans une liste de serveurs, peut s'y connecter.

## Combien de temps nous gardons les données

Nous ne gardons les données que tant qu'elles servent à quelque chose :

- Données de compte : tant que votre compte est ouvert ; elles sont supprimées à sa fermeture, sauf ce que la loi nous oblige à conserver.
- Fichiers de serveur : tant que le service fonctionne. Après {{rules.deleteAfterDays}} jours d'impayé, un serveur et ses sauvegardes sont définitivement supprimés.
- Sauvegardes des services résiliés : téléchargeables pendant {{rules.backupKeptAfterCancelDays}} jours après la fin du service, puis supprimées.
- Factures et justificatifs de paiement : aussi longtemps que le droit fiscal et comptable l'exige.
- Échanges avec le support : tant que votre compte est ouvert, pour que nous ayons l'historique si vous nous écrivez à nouveau.
- Journaux de sécurité : seulement le temps nécessaire pour enquêter sur les abus et protéger les comptes.

## Comment nous protégeons vos données

Les connexions à notre site et au tableau de bord sont chiffrées. Les mots de passe ne sont stockés que sous forme de hachages lents et salés, si bien que personne dans notre entreprise ne peut les lire. Votre session se trouve dans un cookie HttpOnly que les scripts de la page ne peuvent pas lire, et vous pouvez fermer toutes vos sessions d'un coup depuis vos paramètres de sécurité.

Vous pouvez ajouter la connexion à deux facteurs avec n'importe quelle application d'authentification. Notre équipe ne voit les données des clients que lorsque son rôle l'exige, par exemple pour répondre à votre ticket.

Si une violation de données met un jour vos données personnelles en danger, nous vous en informerons, ainsi que les autorités compétentes, comme la loi l'exige.

## Vos droits

Selon l'endroit où vous vivez, vous avez le droit de :

- obtenir une copie des données personnelles que nous détenons sur vous
- faire corriger des données inexactes
- faire supprimer vos données, sauf ce que la loi nous oblige à conserver
- recevoir vos données dans un format portable
- vous opposer à certaines utilisations de vos données ou nous demander de les limiter
- retirer un consentement donné, par exemple pour les actualités sur le produit
- déposer une plainte auprès de votre autorité locale de protection des données

Vous pouvez modifier vous-même la plupart de vos informations dans les paramètres de votre compte. Pour tout le reste, ouvrez un ticket ou passez par la page de support. Nous répondons dans un délai d'un mois.

## Enfants

Nos services ne s'adressent pas aux enfants. Les comptes doivent être ouverts par une personne de 18 ans ou plus, ou par un parent ou tuteur qui en prend la responsabilité. Des joueurs de tout âge peuvent rejoindre un serveur, mais nous ne collectons pas leurs données personnelles ; c'est le propriétaire du serveur qui décide de ce que son serveur enregistre.

Si nous apprenons que nous détenons des données personnelles d'un enfant de moins de 13 ans sans l'accord d'un parent ou tuteur, nous les supprimons.

## Modifications et contact

Lorsque nous modifions cette politique, nous mettons à jour la date en haut de cette page, et lorsqu'un changement vous concerne, nous vous écrivons avant son entrée en vigueur.

Une question sur vos données, ou vous souhaitez exercer l'un de vos droits ? Ouvrez un ticket depuis votre tableau de bord ou écrivez-nous via la page de support.

[Contacter le support](/support)
`;
