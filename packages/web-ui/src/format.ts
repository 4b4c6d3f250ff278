/** Bytes as people read them (1 GB = 1,000,000,000 bytes would confuse; plans use binary units). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

export function formatHours(hours: number): string {
  if (hours % 24 === 0 && hours >= 24) return `${hours / 24} day${hours === 24 ? '' : 's'}`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** "$9.00 / month"; the free plan too ("$0.00 / month"), as its name already says "Free". */
export function formatPrice(price: { amount: number; currency: string; interval: string }): string {
  const money = new Intl.NumberFormat('en', { style: 'currency', currency: price.currency }).format(
    price.amount,
  );
  return `${money} / ${price.interval}`;
}

export const formatDate = (iso: string) =>
  Number.isNaN(Date.parse(iso)) ? '' : new Date(iso).toLocaleDateString('en', { dateStyle: 'long' });
