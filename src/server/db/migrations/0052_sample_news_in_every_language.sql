-- Decision 079: the shipped sample news posts (decision 064) in German, French, Spanish and Brazilian Portuguese, as 0050 did for the FAQ.
-- Only beside an English sample post still there as the sample: a post staff have made their own, or deleted, gets no new sample text.
INSERT INTO "articles" ("id", "kind", "slug", "language", "category", "title", "summary", "body", "status", "published_at", "sample", "position", "author_email", "created_at", "updated_at")
SELECT gen_random_uuid(), 'news', v."slug", v."language", en."category", v."title", v."summary", v."body", en."status", en."published_at", true, en."position", NULL, '2026-11-27T00:00:00Z', '2026-11-27T00:00:00Z'
FROM (VALUES
($sp$minecraft-server-lag-guide$sp$, 'de', $sp$Minecraft-Serverlag: So finden und beheben Sie ihn$sp$, $sp$Mobs, die einfrieren, Blöcke, die eine Sekunde zum Abbauen brauchen, Pflanzen, die nicht mehr wachsen: Das meiste davon hängt an einer einzigen Zahl. Wie Sie messen, was Ihr Server wirklich tut, und welche Einstellungen den meisten Lag dauerhaft beheben.$sp$, $sp$Jeder Betreiber eines Minecraft-Servers hört es früher oder später: „Der Server laggt.“ Spieler meinen mit diesem Wort drei verschiedene Probleme, und jedes hat eine andere Lösung. Finden Sie also heraus, welches Sie haben, bevor Sie auch nur eine Einstellung ändern.

## Drei Arten von Lag

Wenn ein Spieler von Lag spricht, meint er eines davon:

- Serverlag: Die ganze Welt wird für alle gleichzeitig langsamer. Mobs frieren ein und springen dann, Blöcke brauchen einen Moment zum Abbauen, Öfen schleichen. Der Server kommt nicht hinterher, und darum geht es in diesem Leitfaden.
- Netzwerklag: Ein Spieler springt hin und her, während bei allen anderen alles läuft. Das liegt an der Strecke zwischen diesem Spieler und dem Server, und die übliche Lösung ist ein Serverstandort näher an den meisten Ihrer Spieler.
- Clientlag: Das Spiel ruckelt auf einem einzigen Bildschirm. Das ist der eigene Rechner des Spielers, und Shader, Sichtweite oder ein schweres Ressourcenpaket sind die üblichen Verdächtigen.

## Erst messen: TPS und MSPT

Ein Minecraft-Server berechnet die Welt in Ticks, 20 davon pro Sekunde, also hat jeder Tick ein Budget von 50 Millisekunden. Solange der durchschnittliche Tick weniger braucht (Millisekunden pro Tick, kurz MSPT), laufen Sie mit vollen 20 TPS und das Spiel fühlt sich flüssig an. Sobald Ticks länger als 50 ms dauern, sinkt die TPS und alles wird langsamer.

Installieren Sie das Plugin oder den Mod spark und führen Sie `/spark tps` aus, um beide Zahlen zu sehen. Liegt die MSPT bequem unter 50, ist der Server gesund, und Beschwerden kommen wahrscheinlich von Netzwerk- oder Clientlag. Steigt sie über 50, führen Sie `/spark profiler start` aus, während Spieler online sind, warten ein paar Minuten und führen dann `/spark profiler stop` aus. Sie bekommen einen Link zu einem Bericht, der genau zeigt, welche Entities, Chunks und Plugins Ihren Tick auffressen.

## Einen schnelleren Server verwenden

Wenn Sie noch die Vanilla-Server-JAR nutzen, ist der Wechsel zu Paper die größte einzelne Verbesserung, die Sie machen können. Er behält Ihre Welt, beseitigt viele langsame Stellen von Vanilla und bietet Einstellungen, an die Vanilla Sie nicht heranlässt. Manche technischen Redstone-Tricks verhalten sich anders, sprechen Sie also mit Ihren Baumeistern und legen Sie vor dem Wechsel ein Backup an.

Gemoddete Server bekommen einen ähnlichen Schub durch Performance-Mods wie Lithium und FerriteCore, die die Spiellogik beschleunigen und den Speicherbedarf senken, ohne am Spielgefühl etwas zu ändern.

## Die Simulationsdistanz zählt mehr als die Sichtweite

Zwei Einstellungen in `server.properties` zählen mehr als alle anderen. `view-distance` bestimmt, wie viele Chunks an die Spieler zum Ansehen geschickt werden. `simulation-distance` bestimmt, wie viele Chunks um jeden Spieler tatsächlich getickt werden: Mobs bewegen sich, Pflanzen wachsen, Redstone schaltet. In der Simulation stecken die Kosten.

Eine Sichtweite von 8 bis 10 mit einer Simulationsdistanz von 5 oder 6 ist für die meisten Survival-Server ein guter Ausgangspunkt. Die Welt wirkt weiterhin weit offen, aber die harte Arbeit macht der Server nur in der Nähe der Spieler.

## Die Welt vorab generieren

Neues Gelände zu generieren gehört zum Teuersten, was ein Server tut, und Spieler mit Elytren können Hunderte Chunks pro Minute erzeugen. Setzen Sie eine Weltgrenze und generieren Sie alles darin, bevor Sie öffnen. Das Plugin Chunky erledigt das mit `/chunky radius 5000` gefolgt von `/chunky start`. Lassen Sie es über Nacht laufen, wenn niemand online ist, und Erkunden wird fast kostenlos.

## Entities im Griff behalten

Der meiste Lag auf vollen Survival-Servern geht auf Entities zurück: Mobfarmen, die nie stillstehen, Hunderte fallengelassene Items oder eine Handelshalle, in der jeder Dorfbewohner in jedem Tick seinen Weg sucht. In den Konfigurationsdateien von Spigot und Paper können Sie fallengelassene Items und Erfahrungskugeln über einen größeren Radius zusammenfassen, begrenzen, wie viele Pfeile und ähnliche Entities ein Chunk behält, und Mobs weit weg von Spielern seltener aktualisieren.

Reden Sie auch mit Ihren Spielern. Tötungskammern an Farmen und an ihre Arbeitsplätze gebundene Dorfbewohner beheben mehr Lag als jede Einstellung.

## Java die richtige Menge Speicher geben

Mehr Speicher ist nicht automatisch schneller. Java braucht genug, um die geladene Welt mit etwas Spielraum zu halten, aber ein viel zu großer Heap bedeutet längere Pausen der Garbage Collection, und die zeigen sich als Lagspitzen. Setzen Sie für den minimalen und maximalen Heap denselben Wert (`-Xms` und `-Xmx`), lassen Sie einen Teil des Speichers Ihres Tarifs für Java selbst übrig und verwenden Sie die weit verbreiteten Aikar’s Flags, die den Garbage Collector auf Minecraft abstimmen.

Als Faustregel: Eine Handvoll Freunde auf Paper ist mit 2 GB zufrieden. Ein öffentlicher Survival-Server mit 20 bis 40 Spielern und einem Dutzend Plugins läuft bequem mit 4 GB, weshalb das unser empfohlener Minecraft-Tarif ist. Große Modpacks sind die Ausnahme: Viele wollen 6 bis 8 GB, bevor auch nur ein Spieler beitritt.

## Ihre Plugins prüfen

Jedes Plugin ist Code, der womöglich in jedem Tick läuft. Der spark-Bericht zeigt Plugins neben der Zeit, die sie verbrauchen. So finden Sie leicht das eine, das zwanzigmal pro Sekunde das Inventar jedes Spielers prüft. Entfernen Sie, was Sie nicht mehr nutzen, und halten Sie den Rest aktuell.

## Wann es Zeit für ein Upgrade ist

Bleibt die MSPT nach alldem hoch und zeigt der Profiler die Zeit über das normale Spielgeschehen verteilt statt bei einem einzelnen Übeltäter, ist Ihre Community aus ihrem Tarif herausgewachsen. Eröffnen Sie ein Ticket, und wir helfen Ihnen, Ihre Welt in einen größeren zu verlegen. Was Sie auch ändern, gehen Sie jedes Mal gleich vor: messen, eine Sache ändern, wieder messen.$sp$),
($sp$minecraft-server-lag-guide$sp$, 'fr', $sp$Lag sur un serveur Minecraft : le trouver et le corriger$sp$, $sp$Des mobs qui se figent, des blocs qui mettent une seconde à casser, des cultures qui ne poussent plus : presque tout se ramène à un seul chiffre. Comment mesurer ce que fait vraiment votre serveur, et les réglages qui règlent la plupart des lags pour de bon.$sp$, $sp$Tout propriétaire de serveur Minecraft l'entend un jour ou l'autre : « le serveur lag ». Les joueurs utilisent ce mot pour trois problèmes différents, chacun avec sa solution : identifiez donc le vôtre avant de toucher au moindre réglage.

## Trois sortes de lag

Quand un joueur parle de lag, il veut dire l'un de ceux-ci :

- Le lag serveur : tout le monde ralentit en même temps. Les mobs se figent puis sautent, les blocs mettent un moment à casser, les fours se traînent. Le serveur n'arrive pas à suivre, et c'est le sujet de ce guide.
- Le lag réseau : un joueur fait des allers-retours pendant que tout va bien pour les autres. C'est la route entre ce joueur et le serveur, et la solution habituelle est un emplacement de serveur plus proche de la majorité de vos joueurs.
- Le lag client : le jeu saccade sur un seul écran. C'est l'ordinateur du joueur, et les shaders, la distance d'affichage ou un pack de ressources lourd sont les suspects habituels.

## D'abord mesurer : TPS et MSPT

Un serveur Minecraft fait avancer le monde par ticks, 20 par seconde, donc chaque tick dispose d'un budget de 50 millisecondes. Tant que le tick moyen prend moins que cela (millisecondes par tick, ou MSPT), vous tournez à 20 TPS pleins et le jeu est fluide. Dès que les ticks dépassent 50 ms, le TPS baisse et tout ralentit.

Installez le plugin ou le mod spark et lancez `/spark tps` pour voir les deux chiffres. Si le MSPT reste nettement sous 50, le serveur va bien et les plaintes viennent sans doute du lag réseau ou client. S'il dépasse 50, lancez `/spark profiler start` pendant que des joueurs sont connectés, attendez quelques minutes, puis lancez `/spark profiler stop`. Vous obtenez un lien vers un rapport qui montre exactement quelles entités, quels chunks et quels plugins dévorent votre tick.

## Utiliser un serveur plus rapide

Si vous êtes encore sur le jar serveur vanilla, passer à Paper est la plus grosse amélioration que vous puissiez faire d'un coup. Il garde votre monde, corrige beaucoup de chemins lents de vanilla et ajoute des réglages que vanilla ne vous laisse pas toucher. Certaines astuces de redstone technique se comportent différemment : parlez-en à vos bâtisseurs et faites une sauvegarde avant de changer.

Les serveurs moddés profitent d'un gain comparable avec des mods de performance comme Lithium et FerriteCore, qui accélèrent la logique du jeu et réduisent la mémoire utilisée sans changer la façon de jouer.

## La distance de simulation compte plus que la distance d'affichage

Deux réglages de `server.properties` comptent plus que tous les autres. `view-distance` décide combien de chunks sont envoyés aux joueurs pour être vus. `simulation-distance` décide combien de chunks autour de chaque joueur sont réellement tickés : mobs qui bougent, cultures qui poussent, redstone qui s'active. C'est la simulation qui coûte.

Une distance d'affichage de 8 à 10 avec une distance de simulation de 5 ou 6 est un bon point de départ pour la plupart des serveurs survie. Le monde paraît toujours grand ouvert, mais le serveur ne fait le gros du travail que près des joueurs.

## Prégénérer votre monde

Générer du nouveau terrain est l'une des choses les plus coûteuses que fait un serveur, et des joueurs en élytres peuvent générer des centaines de chunks par minute. Posez une bordure de monde et générez tout ce qu'elle contient avant d'ouvrir. Le plugin Chunky le fait avec `/chunky radius 5000` suivi de `/chunky start`. Lancez-le la nuit quand personne n'est connecté, et l'exploration devient presque gratuite.

## Garder les entités sous contrôle

La plupart du lag sur les serveurs survie chargés vient des entités : des fermes à mobs qui ne s'arrêtent jamais, des centaines d'objets au sol, ou une salle de commerce où chaque villageois cherche son chemin à chaque tick. Les fichiers de configuration de Spigot et Paper permettent de fusionner les objets et orbes d'expérience sur un rayon plus large, de limiter le nombre de flèches et d'entités semblables gardées par chunk, et de mettre à jour moins souvent les mobs éloignés des joueurs.

Parlez aussi à vos joueurs. Des chambres de mise à mort sur les fermes et des villageois bloqués à leur poste de travail corrigent plus de lag que n'importe quel réglage.

## Donner à Java la bonne quantité de mémoire

Plus de mémoire n'est pas automatiquement plus rapide. Java a besoin d'assez de place pour contenir le monde chargé avec de la marge, mais un tas bien trop grand signifie des pauses de ramasse-miettes plus longues, qui se voient comme des pics de lag. Mettez la même valeur pour le tas minimum et maximum (`-Xms` et `-Xmx`), laissez une partie de la mémoire de votre offre à Java lui-même, et utilisez les Aikar’s flags très répandus, qui règlent le ramasse-miettes pour Minecraft.

En règle générale, une poignée d'amis sur Paper est à l'aise avec 2 Go. Un serveur survie public avec 20 à 40 joueurs et une douzaine de plugins est confortable avec 4 Go, c'est pourquoi c'est notre offre Minecraft recommandée. Les gros modpacks font exception : beaucoup veulent 6 à 8 Go avant même qu'un joueur ne se connecte.

## Passer vos plugins en revue

Chaque plugin est du code qui peut tourner à chaque tick. Le rapport spark affiche les plugins avec le temps qu'ils consomment, ce qui permet de repérer facilement celui qui vérifie l'inventaire de chaque joueur vingt fois par seconde. Supprimez ce que vous n'utilisez plus et gardez le reste à jour.

## Quand il est temps de monter en gamme

Si le MSPT reste élevé après tout cela, et que le profileur montre le temps réparti sur le jeu normal plutôt que sur un seul coupable, votre communauté a dépassé son offre. Ouvrez un ticket et nous vous aiderons à déplacer votre monde vers une offre plus grande. Quoi que vous changiez, procédez toujours de la même façon : mesurer, changer une seule chose, puis mesurer à nouveau.$sp$),
($sp$minecraft-server-lag-guide$sp$, 'es', $sp$Lag en un servidor de Minecraft: cómo encontrarlo y solucionarlo$sp$, $sp$Mobs que se congelan, bloques que tardan un segundo en romperse, cultivos que dejan de crecer: casi todo se reduce a un número. Cómo medir lo que de verdad hace su servidor y los ajustes que acaban con la mayor parte del lag para siempre.$sp$, $sp$Todo dueño de un servidor de Minecraft lo oye tarde o temprano: «el servidor va con lag». Los jugadores usan esa palabra para tres problemas distintos, cada uno con su propia solución, así que averigüe cuál tiene antes de cambiar un solo ajuste.

## Tres tipos de lag

Cuando un jugador dice lag, se refiere a uno de estos:

- Lag del servidor: todo el mundo se ralentiza a la vez para todos. Los mobs se congelan y luego saltan, los bloques tardan en romperse, los hornos van a paso de tortuga. El servidor no da abasto, y de eso trata esta guía.
- Lag de red: un jugador va dando tirones mientras los demás están bien. Es la ruta entre ese jugador y el servidor, y la solución habitual es una ubicación de servidor más cercana a la mayoría de sus jugadores.
- Lag del cliente: el juego se entrecorta en una sola pantalla. Es el propio ordenador del jugador, y los shaders, la distancia de renderizado o un paquete de recursos pesado son los sospechosos habituales.

## Primero mida: TPS y MSPT

Un servidor de Minecraft hace avanzar el mundo en ticks, 20 por segundo, así que cada tick tiene un presupuesto de 50 milisegundos. Mientras el tick medio tarde menos que eso (milisegundos por tick, o MSPT), va a 20 TPS completos y el juego se siente fluido. En cuanto los ticks tardan más de 50 ms, el TPS baja y todo se ralentiza.

Instale el plugin o mod spark y ejecute `/spark tps` para ver ambos números. Si el MSPT está holgadamente por debajo de 50, el servidor está sano y las quejas probablemente son lag de red o del cliente. Si sube por encima de 50, ejecute `/spark profiler start` mientras hay jugadores conectados, espere unos minutos y luego ejecute `/spark profiler stop`. Obtendrá un enlace a un informe que muestra exactamente qué entidades, chunks y plugins se están comiendo su tick.

## Use un servidor más rápido

Si todavía usa el jar de servidor vanilla, cambiar a Paper es la mayor mejora individual que puede hacer. Conserva su mundo, corrige muchos de los caminos lentos de vanilla y añade ajustes que vanilla no le deja tocar. Algunos trucos técnicos de redstone se comportan de otra manera, así que consulte con sus constructores y haga una copia de seguridad antes de cambiar.

Los servidores con mods obtienen una mejora parecida con mods de rendimiento como Lithium y FerriteCore, que aceleran la lógica del juego y reducen el uso de memoria sin cambiar cómo se juega.

## La distancia de simulación importa más que la de visión

Dos ajustes de `server.properties` importan más que ningún otro. `view-distance` decide cuántos chunks se envían a los jugadores para que los vean. `simulation-distance` decide cuántos chunks alrededor de cada jugador se procesan de verdad: mobs que se mueven, cultivos que crecen, redstone que se activa. La simulación es donde está el coste.

Una distancia de visión de 8 a 10 con una distancia de simulación de 5 o 6 es un buen punto de partida para la mayoría de los servidores de supervivencia. El mundo sigue pareciendo abierto, pero el servidor solo hace el trabajo duro cerca de los jugadores.

## Pregenere su mundo

Generar terreno nuevo es una de las cosas más costosas que hace un servidor, y los jugadores con élitros pueden generar cientos de chunks por minuto. Ponga un borde del mundo y genere todo lo que hay dentro antes de abrir. El plugin Chunky lo hace con `/chunky radius 5000` seguido de `/chunky start`. Déjelo funcionando de noche, cuando no haya nadie conectado, y explorar pasará a ser casi gratis.

## Mantenga a raya las entidades

La mayor parte del lag en servidores de supervivencia concurridos viene de las entidades: granjas de mobs que nunca paran, cientos de objetos tirados o una sala de comercio donde cada aldeano busca su camino en cada tick. Los archivos de configuración de Spigot y Paper le permiten fusionar objetos y orbes de experiencia en un radio mayor, limitar cuántas flechas y entidades parecidas conserva un chunk y actualizar con menos frecuencia los mobs alejados de los jugadores.

Hable también con sus jugadores. Las cámaras de muerte en las granjas y los aldeanos fijos en su puesto de trabajo arreglan más lag que cualquier ajuste.

## Dé a Java la cantidad de memoria adecuada

Más memoria no significa automáticamente más velocidad. Java necesita suficiente para contener el mundo cargado con margen para trabajar, pero un heap demasiado grande implica pausas de recolección de basura más largas, y esas se notan como picos de lag. Ponga el mismo valor para el heap mínimo y máximo (`-Xms` y `-Xmx`), deje parte de la memoria de su plan para el propio Java y use los conocidos Aikar’s flags, que ajustan el recolector de basura para Minecraft.

Como regla general, un puñado de amigos en Paper va bien con 2 GB. Un servidor de supervivencia público con 20 a 40 jugadores y una docena de plugins va cómodo con 4 GB, por eso es nuestro plan de Minecraft recomendado. Los modpacks grandes son la excepción: muchos piden de 6 a 8 GB antes de que entre un solo jugador.

## Revise sus plugins

Cada plugin es código que puede ejecutarse en cada tick. El informe de spark muestra los plugins junto al tiempo que consumen, lo que facilita encontrar el que revisa el inventario de cada jugador veinte veces por segundo. Quite lo que ya no use y mantenga el resto actualizado.

## Cuándo toca mejorar el plan

Si el MSPT sigue alto después de todo esto, y el perfilador muestra el tiempo repartido por el juego normal en lugar de en un único culpable, su comunidad se ha quedado pequeña para su plan. Abra un ticket y le ayudaremos a trasladar su mundo a uno más grande. Cambie lo que cambie, trabaje siempre igual: medir, cambiar una sola cosa y volver a medir.$sp$),
($sp$minecraft-server-lag-guide$sp$, 'pt-BR', $sp$Lag em servidor de Minecraft: como encontrar e resolver$sp$, $sp$Mobs que congelam, blocos que levam um segundo para quebrar, plantações que param de crescer: quase tudo se resume a um número. Como medir o que seu servidor está fazendo de verdade e os ajustes que resolvem a maior parte do lag de vez.$sp$, $sp$Todo dono de servidor de Minecraft ouve isso mais cedo ou mais tarde: "o servidor está lagando". Os jogadores usam essa palavra para três problemas diferentes, cada um com uma solução diferente, então descubra qual é o seu antes de mudar qualquer configuração.

## Três tipos de lag

Quando um jogador fala em lag, ele quer dizer um destes:

- Lag do servidor: o mundo inteiro fica lento para todos ao mesmo tempo. Mobs congelam e depois pulam, blocos demoram para quebrar, fornalhas se arrastam. O servidor não está dando conta, e é disso que este guia trata.
- Lag de rede: um jogador fica dando saltos enquanto para todo o resto está tudo bem. É a rota entre esse jogador e o servidor, e a solução comum é uma localização de servidor mais perto da maioria dos seus jogadores.
- Lag do cliente: o jogo engasga em uma única tela. É o próprio computador do jogador, e shaders, distância de renderização ou um pacote de recursos pesado são os suspeitos de sempre.

## Primeiro meça: TPS e MSPT

Um servidor de Minecraft roda o mundo em ticks, 20 por segundo, então cada tick tem um orçamento de 50 milissegundos. Enquanto o tick médio levar menos que isso (milissegundos por tick, ou MSPT), você roda a 20 TPS completos e o jogo fica fluido. Quando os ticks passam de 50 ms, o TPS cai e tudo fica lento.

Instale o plugin ou mod spark e rode `/spark tps` para ver os dois números. Se o MSPT ficar bem abaixo de 50, o servidor está saudável e as reclamações provavelmente são lag de rede ou do cliente. Se passar de 50, rode `/spark profiler start` com jogadores online, espere alguns minutos e depois rode `/spark profiler stop`. Você recebe um link para um relatório que mostra exatamente quais entidades, chunks e plugins estão consumindo o seu tick.

## Use um servidor mais rápido

Se você ainda usa o jar de servidor vanilla, mudar para o Paper é a maior melhoria isolada que você pode fazer. Ele mantém seu mundo, corrige muitos caminhos lentos do vanilla e traz configurações que o vanilla não deixa você mexer. Alguns truques técnicos de redstone se comportam de outro jeito, então converse com seus construtores e faça um backup antes de mudar.

Servidores com mods ganham um impulso parecido com mods de desempenho como Lithium e FerriteCore, que aceleram a lógica do jogo e reduzem o uso de memória sem mudar a forma de jogar.

## A distância de simulação importa mais que a de visão

Duas configurações do `server.properties` importam mais do que todas as outras. `view-distance` decide quantos chunks são enviados aos jogadores para eles verem. `simulation-distance` decide quantos chunks ao redor de cada jogador são realmente processados: mobs andando, plantações crescendo, redstone disparando. O custo está na simulação.

Uma distância de visão de 8 a 10 com distância de simulação de 5 ou 6 é um bom ponto de partida para a maioria dos servidores de sobrevivência. O mundo continua parecendo aberto, mas o servidor só faz o trabalho pesado perto dos jogadores.

## Pré-gere o seu mundo

Gerar terreno novo é uma das coisas mais caras que um servidor faz, e jogadores de élitro conseguem gerar centenas de chunks por minuto. Defina uma borda do mundo e gere tudo dentro dela antes de abrir. O plugin Chunky faz isso com `/chunky radius 5000` seguido de `/chunky start`. Deixe rodando de madrugada, quando ninguém está online, e explorar fica quase de graça.

## Mantenha as entidades sob controle

A maior parte do lag em servidores de sobrevivência cheios vem das entidades: farms de mobs que nunca param, centenas de itens no chão ou um salão de trocas em que cada aldeão procura caminho a cada tick. Os arquivos de configuração do Spigot e do Paper permitem juntar itens e orbes de experiência num raio maior, limitar quantas flechas e entidades parecidas um chunk guarda e atualizar com menos frequência os mobs longe dos jogadores.

Converse também com seus jogadores. Câmaras de abate nas farms e aldeões presos às suas estações de trabalho resolvem mais lag do que qualquer configuração.

## Dê ao Java a quantidade certa de memória

Mais memória não é automaticamente mais rápido. O Java precisa de espaço suficiente para guardar o mundo carregado com folga para trabalhar, mas um heap grande demais significa pausas maiores de coleta de lixo, e elas aparecem como picos de lag. Use o mesmo valor para o heap mínimo e máximo (`-Xms` e `-Xmx`), deixe parte da memória do seu plano para o próprio Java e use as conhecidas Aikar’s flags, que ajustam o coletor de lixo para o Minecraft.

Como regra geral, um grupinho de amigos no Paper fica bem com 2 GB. Um servidor de sobrevivência público com 20 a 40 jogadores e uma dúzia de plugins fica confortável com 4 GB, e por isso esse é o nosso plano de Minecraft recomendado. Modpacks grandes são a exceção: muitos pedem de 6 a 8 GB antes de qualquer jogador entrar.

## Revise seus plugins

Cada plugin é código que pode rodar a cada tick. O relatório do spark mostra os plugins ao lado do tempo que usam, o que facilita achar aquele que verifica o inventário de cada jogador vinte vezes por segundo. Remova o que você não usa mais e mantenha o resto atualizado.

## Quando é hora de fazer upgrade

Se o MSPT continuar alto depois de tudo isso, e o profiler mostrar o tempo espalhado pela jogabilidade normal em vez de em um único culpado, sua comunidade ficou grande demais para o plano. Abra um ticket e ajudamos você a mudar seu mundo para um maior. O que quer que você mude, trabalhe sempre do mesmo jeito: medir, mudar uma coisa e medir de novo.$sp$),
($sp$start-a-fivem-roleplay-community$sp$, 'de', $sp$Eine FiveM-Roleplay-Community gründen: Die ersten 30 Tage$sp$, $sp$Ein guter RP-Server ist zuerst eine Community und erst dann eine Skriptsammlung. Ein Plan Woche für Woche für Ihren ersten Monat, vom Lizenzschlüssel bis zu einem vollen Eröffnungsabend.$sp$, $sp$Die meisten FiveM-Roleplay-Server, die scheitern, scheitern nicht an ihren Skripten. Sie scheitern, weil der Betreiber drei Monate lang die perfekte Stadt gebaut hat, die Türen öffnete und feststellte, dass niemand einen Grund hatte zu bleiben. Hier ist ein Plan für Ihren ersten Monat, der Community und Server Seite an Seite aufbaut.

## Woche eins: Entscheiden Sie, was Ihre Stadt ist

Bevor Sie irgendetwas installieren, schreiben Sie einen Absatz, der Ihren Server beschreibt. Ernstes oder lockeres Roleplay? Mit Whitelist oder offen für alle? Rund um Kriminalität, Rettungsdienste oder eine Kleinstadtwirtschaft aufgebaut? In welcher Zeitzone liegen Ihre Stoßzeiten? Dieser Absatz wird zu Ihrer Discord-Beschreibung und Ihrem Servereintrag, und er ist der Maßstab für jedes Skript und jede Regel, die Sie später hinzufügen.

Dann schreiben Sie Ihre Regeln. Halten Sie sie kurz und decken Sie ab, was die meisten Streitigkeiten auslöst: Fail-RP, Random Deathmatch, Vehicle Deathmatch, Metagaming und Powergaming. Erklären Sie jede Regel in einfachen Worten mit einem Beispiel, denn neue Spieler kennen den Jargon vielleicht noch nicht.

## Woche eins: Den Server einrichten

Sie brauchen einen Lizenzschlüssel aus dem Cfx.re-Portal und einen Server mit einem aktuellen empfohlenen FXServer-Build. txAdmin, das Webpanel, das mit FXServer kommt, führt Sie durch den Rest: Es installiert ein Framework-Rezept, fragt nach Ihren Datenbankdaten und schreibt eine funktionierende `server.cfg`.

Wählen Sie ein Framework und bleiben Sie dabei. ESX, QBCore und Qbox treiben jeweils Tausende Server an, mit eigenen Ökosystemen aus Jobs, Inventaren und Handys. Skripte verschiedener Frameworks über Kompatibilitätsbrücken zu mischen funktioniert genau so lange, bis es nicht mehr funktioniert, meist um zwei Uhr nachts an Ihrem vollsten Abend.

Setzen Sie in der `server.cfg` `sv_projectName` und `sv_projectDesc`, damit Ihr Eintrag sagt, worum es in Ihrer Stadt geht, fügen Sie passende Tags hinzu und setzen Sie `sv_maxclients` auf die Zahl der Spieler, um die sich Ihr Team wirklich kümmern kann, nicht auf die höchste erlaubte Zahl.

## Woche zwei: Weniger Skripte, bessere Skripte

Es ist verlockend, am ersten Tag hundert Ressourcen zu installieren. Widerstehen Sie. Jede Ressource kostet Leistung, und jede weitere ist noch etwas, das kaputtgehen kann, wenn Ihr Framework aktualisiert wird. Beginnen Sie mit dem Kern: dem Framework, einem Inventar, einem Handy, einer Handvoll legaler Jobs, ein oder zwei kriminellen Aktivitäten und Ihren Rettungsdiensten.

Testen Sie jedes Skript, bevor es live geht. Treten Sie Ihrem Server bei, öffnen Sie mit F8 die Konsole und führen Sie `resmon 1` aus, um zu sehen, wie viel Zeit jede Ressource braucht. Gut geschriebene Ressourcen liegen im Leerlauf bei wenigen Hundertstel Millisekunden. Alles, was hoch liegt, während nichts passiert, ist ein Problem, das Sie spüren werden, wenn vierzig Spieler online sind.

Beziehen Sie Skripte nur von ihren Autoren oder deren offiziellen Shops. Geleakte kostenpflichtige Skripte sind ein beliebtes Versteck für Hintertüren, und wer sie betreibt, verstößt gegen die Regeln der Plattform.

## Woche drei: Ihr Team aufbauen

Eine Stadt können Sie nicht allein moderieren. Gewinnen Sie vor der Eröffnung zwei oder drei Leute, denen Sie vertrauen, und schreiben Sie auf, was jeder Teamrang darf: wer teleportieren darf, wer bannen darf, wer Einsprüche bearbeitet. txAdmin führt für jeden Spieler eine Historie von Verwarnungen, Kicks und Bans, was es viel leichter macht, einheitlich zu bleiben, und Einheitlichkeit ist das, woran sich Spieler erinnern: dieselbe Regel, gleich angewendet, auf Freunde wie auf Fremde.

## Woche drei: Ihr Discord ist Ihre Eingangstür

Spieler finden RP-Server viel öfter über Discord als über den Serverbrowser. Richten Sie Kanäle für Ankündigungen, Regeln, Support und Whitelist-Bewerbungen ein, dazu Kanäle, die einen Vorgeschmack auf die Stadt geben: Charaktergeschichten, Screenshots und Clips. Wenn Sie eine Whitelist betreiben, halten Sie die Bewerbung kurz. Fünf ehrliche Fragen verraten Ihnen mehr als ein Aufsatz mit zwanzig Fragen, den niemand zu Ende schreibt.

## Woche vier: Klein eröffnen, und nach Plan

Starten Sie mit einem geplanten Eröffnungsabend, eine Woche vorher angekündigt, zur Stoßzeit der Spieler, die Sie ansprechen wollen. Eine Stadt mit fünfzehn aktiven Spielern fühlt sich lebendig an; eine Stadt für zweihundert mit fünfzehn Spielern darin fühlt sich leer an. Veranstalten Sie in den ersten Wochen Events, etwa ein Autotreffen, einen Banküberfall oder einen Gerichtsprozess, damit Neue etwas haben, dem sie sich anschließen können, statt allein herumzufahren.

Hören Sie nach der Eröffnung zu. Führen Sie einen Kanal für Vorschläge, lesen Sie ihn wirklich und sagen Sie den Spielern, was Sie geändert haben und warum. Communities wachsen, wenn die Leute das Gefühl haben, dass die Stadt ein Stück weit ihnen gehört.

## Hardware, die mitwächst

FXServer selbst ist leicht, aber Frameworks, Datenbanken und Dutzende Ressourcen summieren sich. Ein Tarif mit 4 GB ist ein bequemer Start für eine neue Stadt mit schlanker Skriptliste, und der Tarif mit 8 GB, den wir für die meisten Städte empfehlen, lässt Luft für Eventabende, wenn alle gleichzeitig online sind. Wählen Sie einen Standort nahe bei den meisten Ihrer Spieler, denn in einem Spiel rund ums Fahren und Schießen zeigt sich jede Millisekunde Ping.$sp$),
($sp$start-a-fivem-roleplay-community$sp$, 'fr', $sp$Lancer une communauté roleplay FiveM : les 30 premiers jours$sp$, $sp$Un bon serveur RP est d'abord une communauté, et seulement ensuite une collection de scripts. Un plan semaine par semaine pour votre premier mois, de la clé de licence à une soirée d'ouverture bien remplie.$sp$, $sp$La plupart des serveurs roleplay FiveM qui échouent n'échouent pas à cause de leurs scripts. Ils échouent parce que le propriétaire a passé trois mois à construire la ville parfaite, a ouvert les portes et a découvert que personne n'avait de raison de rester. Voici un plan pour votre premier mois qui construit la communauté et le serveur côte à côte.

## Semaine un : décidez ce qu'est votre ville

Avant d'installer quoi que ce soit, écrivez un paragraphe qui décrit votre serveur. RP sérieux ou détendu ? Avec whitelist ou ouvert à tous ? Centré sur le crime, les services d'urgence ou l'économie d'une petite ville ? Dans quel fuseau horaire tombent vos heures de pointe ? Ce paragraphe devient la description de votre Discord et de votre fiche serveur, et c'est le critère que vous appliquez à chaque script et chaque règle ajoutés plus tard.

Écrivez ensuite vos règles. Gardez-les courtes et couvrez ce qui déclenche le plus de disputes : fail RP, random deathmatch, vehicle deathmatch, metagaming et powergaming. Expliquez chacune avec des mots simples et un exemple, car les nouveaux joueurs ne connaissent peut-être pas encore le jargon.

## Semaine un : installez le serveur

Il vous faut une clé de licence du portail Cfx.re et un serveur qui fait tourner une version récente recommandée de FXServer. txAdmin, le panneau web livré avec FXServer, vous guide pour le reste : il déploie une recette de framework, demande les informations de votre base de données et écrit un `server.cfg` qui fonctionne.

Choisissez un framework et tenez-vous-y. ESX, QBCore et Qbox font chacun tourner des milliers de serveurs, avec leurs propres écosystèmes de métiers, d'inventaires et de téléphones. Mélanger des scripts de frameworks différents via des ponts de compatibilité fonctionne jusqu'au jour où ça ne marche plus, en général à deux heures du matin lors de votre soirée la plus chargée.

Dans `server.cfg`, renseignez `sv_projectName` et `sv_projectDesc` pour que votre fiche dise de quoi parle votre ville, ajoutez des tags qui lui correspondent, et réglez `sv_maxclients` sur le nombre de joueurs que votre équipe peut réellement encadrer, pas sur le maximum autorisé.

## Semaine deux : moins de scripts, de meilleurs scripts

Il est tentant d'installer cent ressources dès le premier jour. Résistez. Chaque ressource coûte des performances, et chacune est une chose de plus qui peut casser quand votre framework est mis à jour. Commencez par l'essentiel : le framework, un inventaire, un téléphone, une poignée de métiers légaux, une ou deux activités criminelles et vos services d'urgence.

Testez chaque script avant sa mise en ligne. Rejoignez votre serveur, ouvrez la console avec F8 et lancez `resmon 1` pour voir combien de temps prend chaque ressource. Des ressources bien écrites restent au repos à quelques centièmes de milliseconde. Tout ce qui reste haut alors que rien ne se passe est un problème que vous sentirez quand quarante joueurs seront connectés.

Ne prenez les scripts que chez leurs auteurs ou dans leurs boutiques officielles. Les scripts payants divulgués sont une cachette favorite pour des portes dérobées, et les faire tourner enfreint les règles de la plateforme.

## Semaine trois : constituez votre équipe

On ne modère pas une ville seul. Avant d'ouvrir, recrutez deux ou trois personnes de confiance et écrivez ce que chaque rang peut faire : qui peut se téléporter, qui peut bannir, qui traite les recours. txAdmin garde l'historique des avertissements, expulsions et bannissements de chaque joueur, ce qui aide beaucoup à rester cohérent, et la cohérence est ce dont les joueurs se souviennent : la même règle, appliquée de la même façon, aux amis comme aux inconnus.

## Semaine trois : votre Discord est votre porte d'entrée

Les joueurs trouvent les serveurs RP bien plus souvent via Discord que via le navigateur de serveurs. Créez des salons pour les annonces, les règles, le support et les candidatures à la whitelist, plus des salons qui donnent un avant-goût de la ville : histoires de personnages, captures d'écran et clips. Si vous avez une whitelist, gardez la candidature courte. Cinq questions honnêtes vous en apprennent plus qu'un questionnaire de vingt questions que personne ne termine.

## Semaine quatre : ouvrez petit, et à date fixe

Lancez avec une soirée d'ouverture prévue, annoncée une semaine à l'avance, à l'heure de pointe des joueurs que vous visez. Une ville avec quinze joueurs actifs paraît vivante ; une ville prévue pour deux cents avec quinze joueurs dedans paraît vide. Organisez des événements les premières semaines, comme un rassemblement de voitures, un braquage de banque ou un procès, pour que les nouveaux aient quelque chose à rejoindre au lieu de rouler seuls.

Après l'ouverture, écoutez. Gardez un salon de suggestions, lisez-le vraiment, et dites aux joueurs ce que vous avez changé et pourquoi. Les communautés grandissent quand les gens sentent que la ville est un peu à eux.

## Du matériel qui grandit avec vous

FXServer est léger en soi, mais les frameworks, les bases de données et des dizaines de ressources s'additionnent. Une offre de 4 Go est un départ confortable pour une nouvelle ville avec une liste de scripts légère, et l'offre de 8 Go que nous recommandons pour la plupart des villes laisse de la marge pour les soirées événement, quand tout le monde est connecté en même temps. Choisissez un emplacement proche de la majorité de vos joueurs, car dans un jeu fait de conduite et de fusillades, chaque milliseconde de ping se voit.$sp$),
($sp$start-a-fivem-roleplay-community$sp$, 'es', $sp$Crear una comunidad de roleplay en FiveM: los primeros 30 días$sp$, $sp$Un buen servidor de RP es primero una comunidad y después una colección de scripts. Un plan semana a semana para su primer mes, desde la clave de licencia hasta una noche de apertura llena.$sp$, $sp$La mayoría de los servidores de roleplay de FiveM que fracasan no lo hacen por sus scripts. Fracasan porque el dueño pasó tres meses construyendo la ciudad perfecta, abrió las puertas y descubrió que nadie tenía un motivo para quedarse. Este es un plan para su primer mes que construye la comunidad y el servidor a la vez.

## Semana uno: decida qué es su ciudad

Antes de instalar nada, escriba un párrafo que describa su servidor. ¿Roleplay serio o informal? ¿Con whitelist o abierto a todos? ¿Centrado en el crimen, los servicios de emergencia o la economía de un pueblo? ¿En qué zona horaria caen sus horas punta? Ese párrafo será la descripción de su Discord y de la ficha de su servidor, y es la prueba que aplicará a cada script y cada norma que añada después.

Luego escriba sus normas. Que sean breves y cubran lo que provoca más discusiones: fail RP, random deathmatch, vehicle deathmatch, metagaming y powergaming. Explique cada una con palabras sencillas y un ejemplo, porque puede que los jugadores nuevos aún no conozcan la jerga.

## Semana uno: monte el servidor

Necesita una clave de licencia del portal de Cfx.re y un servidor con una compilación recomendada reciente de FXServer. txAdmin, el panel web que viene con FXServer, le guía en el resto: despliega una receta de framework, le pide los datos de su base de datos y escribe un `server.cfg` que funciona.

Elija un framework y manténgase fiel a él. ESX, QBCore y Qbox mueven miles de servidores cada uno, con sus propios ecosistemas de trabajos, inventarios y teléfonos. Mezclar scripts de distintos frameworks mediante puentes de compatibilidad funciona justo hasta que deja de funcionar, normalmente a las dos de la madrugada en su noche más concurrida.

En `server.cfg`, configure `sv_projectName` y `sv_projectDesc` para que su ficha diga de qué va su ciudad, añada etiquetas acordes y ponga en `sv_maxclients` el número de jugadores que su equipo puede atender de verdad, no el máximo permitido.

## Semana dos: menos scripts, mejores scripts

Es tentador instalar cien recursos el primer día. Resista. Cada recurso cuesta rendimiento, y cada uno que añade es otra cosa que puede romperse cuando se actualiza su framework. Empiece por lo esencial: el framework, un inventario, un teléfono, un puñado de trabajos legales, una o dos actividades delictivas y sus servicios de emergencia.

Pruebe cada script antes de ponerlo en marcha. Entre en su servidor, abra la consola con F8 y ejecute `resmon 1` para ver cuánto tiempo consume cada recurso. Los recursos bien escritos se quedan en reposo en unas pocas centésimas de milisegundo. Cualquier cosa que se mantenga alta cuando no pasa nada es un problema que notará cuando haya cuarenta jugadores conectados.

Consiga los scripts solo de sus autores o de sus tiendas oficiales. Los scripts de pago filtrados son un escondite favorito de puertas traseras, y usarlos incumple las normas de la plataforma.

## Semana tres: forme su equipo

No se puede moderar una ciudad en solitario. Antes de abrir, reclute a dos o tres personas de confianza y escriba qué puede hacer cada rango del equipo: quién puede teletransportarse, quién puede banear, quién gestiona las apelaciones. txAdmin guarda un historial de advertencias, expulsiones y baneos de cada jugador, lo que facilita mucho ser coherente, y la coherencia es lo que recuerdan los jugadores: la misma norma, aplicada igual, a amigos y desconocidos.

## Semana tres: su Discord es su puerta de entrada

Los jugadores encuentran servidores de RP mucho más a menudo por Discord que por el navegador de servidores. Cree canales para anuncios, normas, soporte y solicitudes de whitelist, además de canales que den una muestra de la ciudad: historias de personajes, capturas y clips. Si tiene whitelist, que la solicitud sea corta. Cinco preguntas honestas le dicen más que un cuestionario de veinte preguntas que nadie termina.

## Semana cuatro: abra en pequeño y con fecha

Lance con una noche de apertura planificada, anunciada con una semana de antelación, a la hora punta de los jugadores que busca. Una ciudad con quince jugadores activos se siente viva; una ciudad pensada para doscientos con quince jugadores dentro se siente vacía. Organice eventos las primeras semanas, como una quedada de coches, un atraco a un banco o un juicio, para que los recién llegados tengan algo a lo que unirse en lugar de conducir solos.

Después de abrir, escuche. Tenga un canal de sugerencias, léalo de verdad y cuente a los jugadores qué ha cambiado y por qué. Las comunidades crecen cuando la gente siente que la ciudad también es un poco suya.

## Hardware que crece con usted

FXServer en sí es ligero, pero los frameworks, las bases de datos y decenas de recursos suman. Un plan de 4 GB es un comienzo cómodo para una ciudad nueva con una lista de scripts ajustada, y el plan de 8 GB que recomendamos para la mayoría de las ciudades deja margen para las noches de evento, cuando todo el mundo está conectado a la vez. Elija una ubicación cercana a la mayoría de sus jugadores, porque en un juego de conducir y disparar se nota cada milisegundo de ping.$sp$),
($sp$start-a-fivem-roleplay-community$sp$, 'pt-BR', $sp$Como começar uma comunidade de roleplay no FiveM: os primeiros 30 dias$sp$, $sp$Um bom servidor de RP é primeiro uma comunidade e só depois uma coleção de scripts. Um plano semana a semana para o seu primeiro mês, da chave de licença a uma noite de abertura lotada.$sp$, $sp$A maioria dos servidores de roleplay de FiveM que fracassam não fracassa por causa dos scripts. Eles fracassam porque o dono passou três meses construindo a cidade perfeita, abriu as portas e descobriu que ninguém tinha um motivo para ficar. Aqui está um plano para o seu primeiro mês que constrói a comunidade e o servidor lado a lado.

## Semana um: decida o que é a sua cidade

Antes de instalar qualquer coisa, escreva um parágrafo que descreva seu servidor. Roleplay sério ou casual? Com whitelist ou aberto a todos? Construído em torno do crime, dos serviços de emergência ou da economia de uma cidade pequena? Em que fuso horário ficam seus horários de pico? Esse parágrafo vira a descrição do seu Discord e da listagem do servidor, e é o teste que você aplica a cada script e regra que acrescentar depois.

Depois escreva suas regras. Mantenha-as curtas e cubra o que mais gera brigas: fail RP, random deathmatch, vehicle deathmatch, metagaming e powergaming. Explique cada uma com palavras simples e um exemplo, porque jogadores novos talvez ainda não conheçam o jargão.

## Semana um: monte o servidor

Você precisa de uma chave de licença do portal Cfx.re e de um servidor rodando uma build recomendada recente do FXServer. O txAdmin, o painel web que vem com o FXServer, guia você pelo resto: ele instala uma receita de framework, pede os dados do seu banco de dados e escreve um `server.cfg` que funciona.

Escolha um framework e fique com ele. ESX, QBCore e Qbox movem milhares de servidores cada um, com ecossistemas próprios de empregos, inventários e celulares. Misturar scripts de frameworks diferentes com pontes de compatibilidade funciona até o dia em que para de funcionar, geralmente às duas da manhã na sua noite mais cheia.

No `server.cfg`, defina `sv_projectName` e `sv_projectDesc` para que sua listagem diga do que se trata a sua cidade, adicione tags que combinem com ela e coloque em `sv_maxclients` o número de jogadores que sua equipe realmente consegue acompanhar, não o máximo permitido.

## Semana dois: menos scripts, scripts melhores

É tentador instalar cem recursos no primeiro dia. Resista. Cada recurso custa desempenho, e cada um que você adiciona é mais uma coisa que pode quebrar quando o framework for atualizado. Comece pelo essencial: o framework, um inventário, um celular, alguns empregos legais, uma ou duas atividades criminosas e seus serviços de emergência.

Teste cada script antes de colocá-lo no ar. Entre no seu servidor, abra o console com F8 e rode `resmon 1` para ver quanto tempo cada recurso consome. Recursos bem escritos ficam parados em poucos centésimos de milissegundo. Qualquer coisa que fique alta quando nada está acontecendo é um problema que você vai sentir quando houver quarenta jogadores online.

Pegue scripts apenas com os autores ou nas lojas oficiais deles. Scripts pagos vazados são um esconderijo favorito de backdoors, e rodá-los viola as regras da plataforma.

## Semana três: monte sua equipe

Ninguém modera uma cidade sozinho. Antes de abrir, recrute duas ou três pessoas de confiança e escreva o que cada cargo da equipe pode fazer: quem pode se teleportar, quem pode banir, quem cuida dos recursos. O txAdmin guarda um histórico de advertências, kicks e bans de cada jogador, o que ajuda muito a manter a coerência, e coerência é o que os jogadores lembram: a mesma regra, aplicada do mesmo jeito, para amigos e desconhecidos.

## Semana três: seu Discord é a porta de entrada

Os jogadores encontram servidores de RP muito mais pelo Discord do que pelo navegador de servidores. Crie canais para anúncios, regras, suporte e inscrições na whitelist, além de canais que deem um gostinho da cidade: histórias de personagens, capturas de tela e clipes. Se você tiver whitelist, mantenha a inscrição curta. Cinco perguntas honestas dizem mais do que um questionário de vinte perguntas que ninguém termina.

## Semana quatro: abra pequeno, e com data marcada

Lance com uma noite de abertura planejada, anunciada com uma semana de antecedência, no horário de pico dos jogadores que você quer atrair. Uma cidade com quinze jogadores ativos parece viva; uma cidade feita para duzentos com quinze jogadores dentro parece vazia. Faça eventos nas primeiras semanas, como um encontro de carros, um assalto a banco ou um julgamento, para que os novatos tenham algo de que participar em vez de rodar sozinhos.

Depois de abrir, escute. Tenha um canal de sugestões, leia-o de verdade e conte aos jogadores o que você mudou e por quê. Comunidades crescem quando as pessoas sentem que a cidade também é um pouco delas.

## Hardware que cresce com você

O FXServer em si é leve, mas frameworks, bancos de dados e dezenas de recursos se somam. Um plano de 4 GB é um começo confortável para uma cidade nova com uma lista enxuta de scripts, e o plano de 8 GB que recomendamos para a maioria das cidades deixa folga para as noites de evento, quando todo mundo está online ao mesmo tempo. Escolha uma localização perto da maioria dos seus jogadores, porque num jogo feito de dirigir e atirar, cada milissegundo de ping aparece.$sp$),
($sp$palworld-dedicated-server-setup$sp$, 'de', $sp$Dedizierten Palworld-Server einrichten: Die Einstellungen, die zählen$sp$, $sp$Vom ersten Start bis zu einer Welt, in die Ihre Freunde immer wieder zurückkehren: wo die Konfigurationsdatei liegt, welche Einstellungen sich zu ändern lohnen, Admin-Befehle und die Gewohnheiten, die eine lange laufende Welt gesund halten.$sp$, $sp$Ein dedizierter Server ist die beste Art, Palworld mit Freunden zu spielen. Die Welt läuft weiter, wenn der Gastgeber offline geht, alle bekommen dieselbe Leistung, und Sie bestimmen die Regeln. Dieser Leitfaden behandelt die Einstellungen, die sich zu ändern lohnen, und die Gewohnheiten, die eine Welt monatelang gesund halten.

## Bevor Sie beginnen

Wählen Sie einen Standort nahe bei den meisten Ihrer Spieler und geben Sie dem Server genug Arbeitsspeicher. Palworld ist hungrig: Eine Welt mit großen Basen voller arbeitender Pals braucht umso mehr Speicher, je länger sie läuft. Vier Gigabyte reichen für ein paar Freunde am Anfang, und der Tarif mit 8 GB, den wir empfehlen, trägt eine volle Gruppe mit ausgebauten Basen bequem.

Spieler verbinden sich mit der Adresse und dem Port Ihres Servers. Palworld nutzt standardmäßig Port 8211 über UDP. Wählen Sie im Spiel, einem Mehrspielerspiel beizutreten, geben Sie die Adresse in das Feld unten in der Serverliste ein und verbinden Sie sich.

## Wo die Einstellungen liegen

Palworld liest seine Einstellungen aus `PalWorldSettings.ini` im Ordner `Pal/Saved/Config/LinuxServer` auf einem Linux-Server (`WindowsServer` unter Windows). Auf einem frischen Server ist diese Datei leer. Die vollständige Liste der Optionen und ihrer Standardwerte steht in `DefaultPalWorldSettings.ini` im Hauptordner des Servers: Kopieren Sie deren Inhalt in `PalWorldSettings.ini` und bearbeiten Sie ihn dort.

Zwei Dinge erwischen fast jeden. Erstens steht jede Option in einer einzigen sehr langen Zeile, die mit `OptionSettings=` beginnt, durch Kommas getrennt, sodass ein einziges fehlendes Komma oder eine fehlende Klammer die ganze Datei unbrauchbar machen kann. Zweitens: Stoppen Sie den Server, bevor Sie bearbeiten. Änderungen, die Sie bei laufendem Server machen, können beim Herunterfahren verloren gehen.

## Einstellungen, die sich zu ändern lohnen

Die meisten Gruppen müssen nur diese anfassen:

- `ServerName` und `ServerDescription`: was Spieler in der Serverliste sehen.
- `ServerPassword`: Setzen Sie eines, wenn Sie keine Fremden in Ihrer Welt wollen. Spieler geben es beim Beitreten ein.
- `AdminPassword`: schaltet im Spiel die Admin-Befehle frei. Wählen Sie ein anderes als das Serverpasswort.
- `ExpRate` und `PalCaptureRate`: Erhöhen Sie sie für ein schnelleres, entspannteres Spiel, oder lassen Sie sie für das vorgesehene Tempo auf 1.0.
- `DeathPenalty`: was Sie beim Tod verlieren, von None über Item und ItemAndEquipment bis All. Lockere Gruppen wählen meist Item.
- `DayTimeSpeedRate` und `NightTimeSpeedRate`: Senken Sie die Nachtrate, wenn Ihre Gruppe das Warten im Dunkeln leid ist.
- `bEnableInvaderEnemy`: schaltet Überfälle auf Ihre Basen ein oder aus.
- `ServerPlayerMaxNum`: die Höchstzahl gleichzeitig online erlaubter Spieler.
- `BaseCampWorkerMaxNum`: wie viele Pals in jeder Basis arbeiten können. Höhere Zahlen sehen beeindruckend aus, kosten aber Leistung, erhöhen Sie also langsam.

## Immer nur wenig auf einmal ändern

Starten Sie nah an den Standardwerten und ändern Sie zwei oder drei Einstellungen auf einmal, nicht zwanzig. Eine zu großzügig eingestellte Welt wird schnell langweilig, und manche Änderungen lassen sich kaum rückgängig machen, wenn die Spieler erst vorangekommen sind. Schreiben Sie auf, was Sie geändert haben und warum, damit Sie zurückgehen können, wenn die Gruppe unzufrieden ist.

## Admin-Befehle

Ist `AdminPassword` gesetzt, öffnen Sie im Spiel den Chat und geben `/AdminPassword` gefolgt vom Passwort ein, um Admin zu werden. `/ShowPlayers` listet, wer online ist, samt ihren IDs, `/KickPlayer` und `/BanPlayer` nehmen eine dieser IDs, um mit Ärger umzugehen, `/Broadcast` schickt eine Nachricht an alle, und `/Save` schreibt die Welt sofort auf die Festplatte. Nutzen Sie `/Shutdown` mit einer Anzahl Sekunden und einer Nachricht, um Spieler vor einem Neustart zu warnen.

## Eine lange laufende Welt gesund halten

Palworld-Server sind mit einem regelmäßigen Neustart am glücklichsten. Der Speicherbedarf kriecht über lange Sitzungen nach oben, und ein Neustart ein- oder zweimal am Tag räumt ihn auf. Wählen Sie eine ruhige Stunde, warnen Sie Spieler mit `/Shutdown`, statt den Stecker zu ziehen, und richten Sie es als geplanten Neustart in Ihrem Dashboard ein, damit Sie nie daran denken müssen.

Sichern Sie die Welt vor jedem Spielupdate und jeder großen Änderung der Einstellungen. Ihr Spielstand liegt in `Pal/Saved/SaveGames`, und ein Backup von vor einer Stunde macht aus einer beschädigten Welt ein kleines Ärgernis. Mit dem Add-on für automatische Backups wird jeden Tag ein Backup angelegt und sieben Tage lang aufbewahrt.

Aktualisieren Sie auch zügig. Die Spiele der Spieler aktualisieren sich automatisch, und ein Server mit einer älteren Version weist sie ab, bis er nachgezogen hat.

## Geben Sie den Leuten einen Grund, sich einzuloggen

Einstellungen und Hardware sind der leichte Teil. Was eine Welt am Leben hält, ist ein gemeinsames Ziel: ein Turmboss, den man zusammen besiegt, ein Bauwettbewerb für Basen, ein Handelsposten mitten auf der Karte. Geben Sie Ihrer Gruppe einen Grund zurückzukommen, und um den Rest kümmert sich der Server.$sp$),
($sp$palworld-dedicated-server-setup$sp$, 'fr', $sp$Installer un serveur dédié Palworld : les réglages qui comptent$sp$, $sp$Du premier lancement à un monde où vos amis reviennent sans cesse : où se trouve le fichier de configuration, quels réglages valent la peine d'être changés, les commandes d'administration et les habitudes qui gardent un monde en bonne santé sur la durée.$sp$, $sp$Un serveur dédié est la meilleure façon de jouer à Palworld entre amis. Le monde continue quand l'hôte se déconnecte, tout le monde a les mêmes performances, et c'est vous qui fixez les règles. Ce guide couvre les réglages qui valent la peine d'être changés et les habitudes qui gardent un monde en forme pendant des mois.

## Avant de commencer

Choisissez un emplacement proche de la majorité de vos joueurs et donnez assez de mémoire au serveur. Palworld est gourmand : un monde avec de grandes bases pleines de Pals au travail consomme d'autant plus de mémoire qu'il tourne longtemps. Quatre gigaoctets suffisent pour quelques amis qui débutent, et l'offre de 8 Go que nous recommandons porte confortablement un groupe complet avec des bases bien installées.

Les joueurs se connectent avec l'adresse et le port de votre serveur. Palworld utilise par défaut le port 8211 en UDP. Dans le jeu, choisissez de rejoindre une partie multijoueur, tapez l'adresse dans le champ en bas de la liste des serveurs, puis connectez-vous.

## Où se trouvent les réglages

Palworld lit ses réglages dans `PalWorldSettings.ini`, dans le dossier `Pal/Saved/Config/LinuxServer` sur un serveur Linux (`WindowsServer` sous Windows). Sur un serveur neuf, ce fichier est vide. La liste complète des options et de leurs valeurs par défaut se trouve dans `DefaultPalWorldSettings.ini`, dans le dossier principal du serveur : copiez son contenu dans `PalWorldSettings.ini` et modifiez à partir de là.

Deux choses piègent presque tout le monde. D'abord, toutes les options tiennent sur une seule très longue ligne qui commence par `OptionSettings=`, séparées par des virgules : une seule virgule ou parenthèse manquante peut casser tout le fichier. Ensuite, arrêtez le serveur avant de modifier. Les changements faits pendant qu'il tourne peuvent être perdus à son arrêt.

## Les réglages qui valent la peine

La plupart des groupes n'ont besoin de toucher qu'à ceux-ci :

- `ServerName` et `ServerDescription` : ce que les joueurs voient dans la liste des serveurs.
- `ServerPassword` : définissez-en un si vous ne voulez pas d'inconnus dans votre monde. Les joueurs le saisissent en rejoignant.
- `AdminPassword` : débloque les commandes d'administration en jeu. Choisissez-le différent du mot de passe du serveur.
- `ExpRate` et `PalCaptureRate` : augmentez-les pour un jeu plus rapide et plus détendu, ou laissez-les à 1.0 pour le rythme prévu.
- `DeathPenalty` : ce que vous perdez en mourant, de None à All en passant par Item et ItemAndEquipment. Les groupes détendus choisissent en général Item.
- `DayTimeSpeedRate` et `NightTimeSpeedRate` : baissez la vitesse de nuit si votre groupe en a assez d'attendre la fin de l'obscurité.
- `bEnableInvaderEnemy` : active ou désactive les raids sur vos bases.
- `ServerPlayerMaxNum` : le nombre maximum de joueurs connectés en même temps.
- `BaseCampWorkerMaxNum` : combien de Pals peuvent travailler dans chaque base. Des nombres élevés impressionnent mais coûtent des performances, alors augmentez-le doucement.

## Changez peu à la fois

Partez près des valeurs par défaut et changez deux ou trois réglages à la fois, pas vingt. Un monde réglé trop généreusement devient vite ennuyeux, et certains changements sont difficiles à défaire une fois que les joueurs ont progressé. Notez ce que vous avez changé et pourquoi, pour pouvoir revenir en arrière si le groupe n'est pas content.

## Commandes d'administration

Avec `AdminPassword` défini, ouvrez le chat en jeu et tapez `/AdminPassword` suivi du mot de passe pour devenir administrateur. `/ShowPlayers` liste les joueurs connectés avec leurs identifiants, `/KickPlayer` et `/BanPlayer` prennent l'un de ces identifiants pour régler un problème, `/Broadcast` envoie un message à tout le monde, et `/Save` écrit immédiatement le monde sur le disque. Utilisez `/Shutdown` avec un nombre de secondes et un message pour prévenir les joueurs avant un redémarrage.

## Garder un monde en bonne santé sur la durée

Les serveurs Palworld se portent mieux avec un redémarrage régulier. La mémoire utilisée grimpe au fil des longues sessions, et un redémarrage une ou deux fois par jour la libère. Choisissez une heure calme, prévenez les joueurs avec `/Shutdown` plutôt que de tout couper, et configurez-le comme redémarrage programmé depuis votre tableau de bord pour ne jamais avoir à y penser.

Sauvegardez le monde avant chaque mise à jour du jeu et chaque gros changement de réglages. Votre sauvegarde se trouve dans `Pal/Saved/SaveGames`, et une sauvegarde d'il y a une heure transforme un monde corrompu en simple contrariété. Avec l'option de sauvegardes automatiques, une sauvegarde est faite chaque jour et gardée sept jours.

Mettez aussi à jour rapidement. Les jeux des joueurs se mettent à jour automatiquement, et un serveur sur une version plus ancienne les refuse tant qu'il n'a pas rattrapé son retard.

## Donnez aux gens une raison de se connecter

Les réglages et le matériel sont la partie facile. Ce qui fait durer un monde, c'est un objectif commun : un boss de tour à vaincre ensemble, un concours de construction de bases, un comptoir d'échange au milieu de la carte. Donnez à votre groupe une raison de revenir, et le serveur s'occupera du reste.$sp$),
($sp$palworld-dedicated-server-setup$sp$, 'es', $sp$Configurar un servidor dedicado de Palworld: los ajustes que importan$sp$, $sp$Desde el primer arranque hasta un mundo al que sus amigos siempre vuelven: dónde está el archivo de configuración, qué ajustes vale la pena cambiar, los comandos de administración y los hábitos que mantienen sano un mundo de larga duración.$sp$, $sp$Un servidor dedicado es la mejor forma de jugar a Palworld con amigos. El mundo sigue en marcha cuando el anfitrión se desconecta, todos tienen el mismo rendimiento y usted pone las reglas. Esta guía cubre los ajustes que vale la pena cambiar y los hábitos que mantienen un mundo en forma durante meses.

## Antes de empezar

Elija una ubicación cercana a la mayoría de sus jugadores y dé al servidor memoria suficiente. Palworld es exigente: un mundo con bases grandes llenas de Pals trabajando usa más memoria cuanto más tiempo lleva en marcha. Cuatro gigabytes bastan para unos pocos amigos que empiezan, y el plan de 8 GB que recomendamos lleva con holgura a un grupo completo con bases ya establecidas.

Los jugadores se conectan con la dirección y el puerto de su servidor. Palworld usa por defecto el puerto 8211 por UDP. En el juego, elija unirse a una partida multijugador, escriba la dirección en el cuadro de la parte inferior de la lista de servidores y conéctese.

## Dónde están los ajustes

Palworld lee sus ajustes de `PalWorldSettings.ini`, en la carpeta `Pal/Saved/Config/LinuxServer` de un servidor Linux (`WindowsServer` en Windows). En un servidor nuevo, ese archivo está vacío. La lista completa de opciones y sus valores por defecto está en `DefaultPalWorldSettings.ini`, en la carpeta principal del servidor: copie su contenido en `PalWorldSettings.ini` y edite a partir de ahí.

Dos cosas pillan a casi todo el mundo. Primero, todas las opciones están en una sola línea muy larga que empieza por `OptionSettings=`, separadas por comas, así que una sola coma o paréntesis que falte puede estropear todo el archivo. Segundo, detenga el servidor antes de editar. Los cambios hechos mientras está en marcha pueden perderse al apagarse.

## Ajustes que vale la pena cambiar

La mayoría de los grupos solo necesitan tocar estos:

- `ServerName` y `ServerDescription`: lo que ven los jugadores en la lista de servidores.
- `ServerPassword`: ponga una si no quiere desconocidos en su mundo. Los jugadores la escriben al unirse.
- `AdminPassword`: desbloquea los comandos de administración en el juego. Que sea distinta de la contraseña del servidor.
- `ExpRate` y `PalCaptureRate`: súbalos para un juego más rápido y relajado, o déjelos en 1.0 para el ritmo previsto.
- `DeathPenalty`: lo que pierde al morir, de None a All pasando por Item e ItemAndEquipment. Los grupos informales suelen elegir Item.
- `DayTimeSpeedRate` y `NightTimeSpeedRate`: baje la velocidad de la noche si su grupo está cansado de esperar a que amanezca.
- `bEnableInvaderEnemy`: activa o desactiva los asaltos a sus bases.
- `ServerPlayerMaxNum`: el máximo de jugadores conectados a la vez.
- `BaseCampWorkerMaxNum`: cuántos Pals pueden trabajar en cada base. Los números altos impresionan pero cuestan rendimiento, así que súbalo poco a poco.

## Cambie poco cada vez

Empiece cerca de los valores por defecto y cambie dos o tres ajustes a la vez, no veinte. Un mundo ajustado con demasiada generosidad aburre pronto, y algunos cambios cuestan de deshacer cuando los jugadores ya han avanzado. Apunte qué ha cambiado y por qué, para poder volver atrás si el grupo no está contento.

## Comandos de administración

Con `AdminPassword` configurada, abra el chat en el juego y escriba `/AdminPassword` seguido de la contraseña para convertirse en administrador. `/ShowPlayers` muestra quién está conectado junto con sus ID, `/KickPlayer` y `/BanPlayer` reciben uno de esos ID para resolver problemas, `/Broadcast` envía un mensaje a todos y `/Save` guarda el mundo en disco al momento. Use `/Shutdown` con un número de segundos y un mensaje para avisar a los jugadores antes de un reinicio.

## Mantenga sano un mundo de larga duración

Los servidores de Palworld funcionan mejor con un reinicio regular. El uso de memoria va subiendo en las sesiones largas, y un reinicio una o dos veces al día lo limpia. Elija una hora tranquila, avise a los jugadores con `/Shutdown` en lugar de desenchufar sin más y configúrelo como reinicio programado desde su panel para no tener que acordarse nunca.

Haga una copia de seguridad del mundo antes de cada actualización del juego y de cada cambio grande de ajustes. Su partida está en `Pal/Saved/SaveGames`, y una copia de hace una hora convierte un mundo corrupto en una molestia menor. Con el complemento de copias de seguridad automáticas, se hace una copia cada día y se conserva siete días.

Actualice también sin tardar. Los juegos de los jugadores se actualizan solos, y un servidor con una versión anterior los rechaza hasta que se pone al día.

## Dé a la gente un motivo para conectarse

Los ajustes y el hardware son la parte fácil. Lo que hace que un mundo dure es un objetivo compartido: un jefe de torre que derrotar juntos, un concurso de construcción de bases, un puesto de comercio en mitad del mapa. Dé a su grupo un motivo para volver, y el servidor se encargará del resto.$sp$),
($sp$palworld-dedicated-server-setup$sp$, 'pt-BR', $sp$Como configurar um servidor dedicado de Palworld: as configurações que importam$sp$, $sp$Do primeiro início a um mundo ao qual seus amigos sempre voltam: onde fica o arquivo de configuração, quais configurações vale a pena mudar, comandos de administrador e os hábitos que mantêm saudável um mundo de longa duração.$sp$, $sp$Um servidor dedicado é a melhor forma de jogar Palworld com os amigos. O mundo continua rodando quando o anfitrião sai, todos têm o mesmo desempenho e quem define as regras é você. Este guia cobre as configurações que vale a pena mudar e os hábitos que mantêm um mundo saudável por meses.

## Antes de começar

Escolha uma localização perto da maioria dos seus jogadores e dê memória suficiente ao servidor. Palworld é exigente: um mundo com bases grandes cheias de Pals trabalhando usa mais memória quanto mais tempo fica rodando. Quatro gigabytes bastam para alguns amigos começando, e o plano de 8 GB que recomendamos aguenta com folga um grupo completo com bases já estabelecidas.

Os jogadores se conectam com o endereço e a porta do seu servidor. O Palworld usa por padrão a porta 8211 via UDP. No jogo, escolha entrar em um jogo multijogador, digite o endereço na caixa na parte de baixo da lista de servidores e conecte-se.

## Onde ficam as configurações

O Palworld lê as configurações de `PalWorldSettings.ini`, na pasta `Pal/Saved/Config/LinuxServer` em um servidor Linux (`WindowsServer` no Windows). Em um servidor novo, esse arquivo está vazio. A lista completa de opções e seus valores padrão fica em `DefaultPalWorldSettings.ini`, na pasta principal do servidor: copie o conteúdo dele para `PalWorldSettings.ini` e edite a partir daí.

Duas coisas pegam quase todo mundo. Primeiro, todas as opções ficam em uma única linha muito longa que começa com `OptionSettings=`, separadas por vírgulas, então uma única vírgula ou parêntese faltando pode quebrar o arquivo inteiro. Segundo, pare o servidor antes de editar. Mudanças feitas com ele rodando podem se perder quando ele desligar.

## Configurações que vale a pena mudar

A maioria dos grupos só precisa mexer nestas:

- `ServerName` e `ServerDescription`: o que os jogadores veem na lista de servidores.
- `ServerPassword`: defina uma se não quiser estranhos no seu mundo. Os jogadores a digitam ao entrar.
- `AdminPassword`: libera os comandos de administrador no jogo. Use uma diferente da senha do servidor.
- `ExpRate` e `PalCaptureRate`: aumente para um jogo mais rápido e tranquilo, ou deixe em 1.0 para o ritmo pensado pelo jogo.
- `DeathPenalty`: o que você perde ao morrer, de None a All, passando por Item e ItemAndEquipment. Grupos casuais costumam escolher Item.
- `DayTimeSpeedRate` e `NightTimeSpeedRate`: diminua a velocidade da noite se o grupo estiver cansado de esperar o escuro passar.
- `bEnableInvaderEnemy`: liga ou desliga os ataques às suas bases.
- `ServerPlayerMaxNum`: o máximo de jogadores online ao mesmo tempo.
- `BaseCampWorkerMaxNum`: quantos Pals podem trabalhar em cada base. Números altos impressionam, mas custam desempenho, então aumente aos poucos.

## Mude pouco de cada vez

Comece perto dos valores padrão e mude duas ou três configurações por vez, não vinte. Um mundo ajustado com generosidade demais fica chato rápido, e algumas mudanças são difíceis de desfazer depois que os jogadores avançaram. Anote o que você mudou e por quê, para poder voltar atrás se o grupo não gostar.

## Comandos de administrador

Com a `AdminPassword` definida, abra o chat no jogo e digite `/AdminPassword` seguido da senha para virar administrador. `/ShowPlayers` lista quem está online com seus IDs, `/KickPlayer` e `/BanPlayer` recebem um desses IDs para lidar com problemas, `/Broadcast` envia uma mensagem para todos e `/Save` grava o mundo no disco na hora. Use `/Shutdown` com um número de segundos e uma mensagem para avisar os jogadores antes de reiniciar.

## Mantenha saudável um mundo de longa duração

Servidores de Palworld funcionam melhor com reinícios regulares. O uso de memória vai subindo em sessões longas, e um reinício uma ou duas vezes por dia limpa isso. Escolha um horário tranquilo, avise os jogadores com `/Shutdown` em vez de puxar o cabo e configure isso como reinício agendado pelo painel, para nunca precisar lembrar.

Faça backup do mundo antes de cada atualização do jogo e de cada grande mudança de configurações. Seu save fica em `Pal/Saved/SaveGames`, e um backup de uma hora atrás transforma um mundo corrompido em um pequeno incômodo. Com o complemento de backups automáticos, um backup é feito todo dia e guardado por sete dias.

Atualize rápido também. Os jogos dos jogadores se atualizam sozinhos, e um servidor numa versão mais antiga recusa a entrada deles até se atualizar.

## Dê às pessoas um motivo para entrar

Configurações e hardware são a parte fácil. O que faz um mundo durar é um objetivo em comum: um chefe de torre para derrotar juntos, um concurso de construção de bases, um entreposto de trocas no meio do mapa. Dê ao seu grupo um motivo para voltar, e o servidor cuida do resto.$sp$)
) AS v("slug", "language", "title", "summary", "body")
JOIN "articles" en ON en."kind" = 'news' AND en."slug" = v."slug" AND en."language" = 'en' AND en."sample"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "article_versions" ("article_id", "version", "title", "summary", "body", "category", "status", "published_at", "position", "sample", "author_id", "author_email", "created_at")
SELECT a."id", 1, a."title", a."summary", a."body", a."category", a."status", a."published_at", a."position", a."sample", a."author_id", a."author_email", a."updated_at" FROM "articles" a
WHERE a."kind" = 'news' AND a."sample" AND a."language" IN ('de', 'fr', 'es', 'pt-BR') AND NOT EXISTS (SELECT 1 FROM "article_versions" av WHERE av."article_id" = a."id");
