/** El acuerdo de nivel de servicio tal como se entrega: texto de ejemplo (decision 079). */
export const sla = `# Acuerdo de nivel de servicio

Cuánta disponibilidad garantiza {{shop.name}}, cómo la medimos y el crédito que recibe cuando no la alcanzamos.

## Alcance

Este acuerdo cubre la disponibilidad de los servidores de juegos que alquila en {{shop.name}}: la máquina en la que funciona su servidor, su alimentación eléctrica y la red que la conecta con sus jugadores. Se aplica a todos los servidores contratados a través de nuestro sitio web.

## Garantía de disponibilidad

Nuestro objetivo es mantener cada servidor disponible al menos el {{rules.slaUptimeTarget}} de cada mes natural. Cuando un servidor queda por debajo, recibe un crédito, según se indica en Créditos de servicio.

## Cómo medimos la disponibilidad

El tiempo de inactividad empieza cuando confirmamos que no se puede acceder a un servidor o iniciarlo por un fallo de nuestra parte, y termina cuando se restablece el servicio. Nuestra página de estado muestra lo que miden nuestras propias comprobaciones. Para cada servidor usamos las comprobaciones de la máquina en la que funciona: su disponibilidad del mes es la proporción de esas comprobaciones en las que la máquina respondió.

La disponibilidad se calcula por servidor y por mes natural. El tiempo excluido por este acuerdo no cuenta como inactividad.

## Créditos de servicio

Cuando la disponibilidad mensual de un servidor cae por debajo de un umbral, recibe un crédito equivalente a una parte de la cuota mensual de ese servidor:

{{rules.slaCreditTable}}

Solo se aplica el crédito más alto que corresponda, y los créditos de un mes nunca superan la cuota de ese mes. Los créditos se añaden al saldo de su cuenta y se usan automáticamente en sus próximas facturas; no se pagan en efectivo.

## Cómo reclamar un crédito

Solicite un crédito abriendo un ticket de Facturación desde su panel cuando haya terminado el mes, y como máximo {{rules.slaClaimWithinDays}} días después de que termine. Indíquenos qué servidor se vio afectado y, aproximadamente, cuándo ocurrió el problema.

Comprobamos su solicitud con nuestros registros de monitorización y respondemos en el ticket. Los créditos aprobados aparecen en el saldo de su cuenta de inmediato.

## Exclusiones

El tiempo de inactividad no cuenta para la garantía cuando se debe a:

- mantenimiento programado y anunciado con antelación
- sus propios mods, plugins, scripts, recursos o configuración, incluidos los bloqueos y el lag que provoquen
- actualizaciones del juego publicadas por el editor que estropeen un servidor o sus complementos
- acciones suyas, como detener, reiniciar o reinstalar su servidor
- una suspensión por facturas impagadas o por incumplir nuestros términos del servicio
- caídas de servicios de terceros de los que depende su juego, como el inicio de sesión de Mojang o Microsoft, Steam, Cfx.re o Discord, o problemas con la propia conexión de un jugador
- hechos fuera de nuestro control razonable, como desastres naturales o caídas de internet a gran escala

## Tiempos de respuesta del soporte

Estos son nuestros objetivos para una primera respuesta de una persona, según el tipo de consulta: consultas técnicas, incluido un servidor caído, {{rules.supportTechnicalReply}}; facturación {{rules.supportBillingReply}}; ventas {{rules.supportSalesReply}}. Son objetivos, no una garantía: una respuesta más tardía no da derecho a ningún crédito.

## Mantenimiento programado

Anunciamos el mantenimiento previsto con antelación por correo electrónico y en nuestra página de estado, y lo programamos en las horas más tranquilas de la región afectada. La mayoría de los mantenimientos no requieren más que un único reinicio del servidor.

Las correcciones de seguridad urgentes pueden hacerse con poco aviso. Cuando causan inactividad, esa inactividad cuenta para su disponibilidad.

[Ver la página de estado](/status)

## Cambios en este acuerdo

Nunca reducimos su garantía en mitad de un periodo de facturación que ya ha pagado. Los cambios en este acuerdo se aplican a partir de su próxima renovación, y le escribimos antes de que entren en vigor.

[Contactar con soporte](/support)
`;
