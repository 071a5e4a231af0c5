const formatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 650 → "$6.50". Amounts always show two decimals. */
export function formatCents(cents: number): string {
  return formatter.format(cents / 100);
}

export function formatVcpu(vcpu: number): string {
  return `${vcpu} vCPU`;
}
