// The bundled metered billing as tests name it: Managed Backup (product 17)
// meters backup storage (volume) and restore transfer (tiered); service 17
// has usage recorded this period.
export const STORAGE = {
  id: '1',
  product_id: '17',
  name: 'Backup storage',
  variable_name: 'backup_storage',
  unit_name: 'GB',
  cycle: 'Monthly',
  scheme: 'volume',
  options: '0',
};
export const TRANSFER = {
  id: '2',
  product_id: '17',
  name: 'Restore transfer',
  variable_name: 'restore_transfer',
  unit_name: 'GB',
  cycle: 'Monthly',
  scheme: 'tiered',
  options: '0',
};
export const price = (id: string, variable_id: string, qty: string, qty_max: string, p: string) => ({
  id,
  variable_id,
  qty,
  qty_max,
  price: p,
});
export const value = (v: typeof STORAGE, r: { id: string; date: string; charge: string; qty: string; output: string }) => ({
  id: r.id,
  variable_name: v.variable_name,
  unit_name: v.unit_name,
  cycle: v.cycle,
  date_created: r.date,
  name: v.name,
  date_updated: r.date,
  charge: r.charge,
  qty: r.qty,
  output: r.output,
  rawoutput: '',
  variable_id: v.id,
  scheme: v.scheme,
  options: v.options,
});
export const BUNDLED_STORAGE = value(STORAGE, {
  id: '1',
  date: '2026-11-16 02:00:00',
  charge: '6.00',
  qty: '120',
  output: 'nightly snapshot',
});
export const BUNDLED_TRANSFER = value(TRANSFER, {
  id: '2',
  date: '2026-11-18 09:30:00',
  charge: '1.10',
  qty: '11',
  output: 'restore of /var/www',
});
