/** La página «Quiénes somos» tal como se entrega: texto de ejemplo (decision 079). */
export const about = `# Hecho por jugadores, gestionado como infraestructura

{{shop.name}} existe para que tener un servidor de juegos se parezca a jugar, no a vigilar una máquina.

## Nuestra historia

Creamos {{shop.name}} después de años gestionando nuestros propios servidores comunitarios: mundos de supervivencia que se le quedaron grandes a un PC viejo, ciudades de rol que solo aguantaban gracias a reinicios de madrugada y amigos preguntando por qué el servidor se había vuelto a caer. Sabíamos lo que queríamos de un proveedor de hosting y no lo encontrábamos.

Así que lo construimos. Servidores que se ponen en línea solos un par de minutos después del pago. Precios que se entienden de un vistazo, sin nada añadido al pagar. Un panel que le da la consola, las copias de seguridad y el botón de reinicio en lugar de esconderlos.

## En qué creemos

- **Primero los jugadores.** Cada decisión empieza por la gente de su servidor: ping bajo, tick rate estable y reinicios cuando no hay nadie conectado.
- **Precios honestos.** El precio de la página es el precio que paga. Los periodos más largos tienen un descuento claro y no hay gastos de alta.
- **Su servidor, sus datos.** Acceso completo a los archivos, copias de seguridad descargables y ninguna atadura. Si algún día se va, se lleva su mundo.

## Promesas que puede exigirnos

- Una garantía de devolución de {{rules.refundWindowHours}} horas en cada servicio nuevo: consulte la [política de reembolso](/refund).
- Créditos de servicio cuando no alcanzamos la disponibilidad garantizada, reclamables en un plazo de {{rules.slaClaimWithinDays}} días: consulte el [acuerdo de nivel de servicio](/sla).
- Al menos {{rules.priceChangeNoticeDays}} días de aviso antes de que un cambio de precio llegue a sus renovaciones: consulte los [términos del servicio](/terms).
- Su última copia de seguridad se conserva {{rules.backupKeptAfterCancelDays}} días después de cancelar: consulte la [política de privacidad](/privacy).
`;
