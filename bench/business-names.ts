/** Surnames and trades the benchmarks make Indian business names from ("Kulkarni Pharma"). */
export const SURNAMES = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Nair',
  'Gupta',
  'Mehta',
  'Rao',
  'Desai',
  'Kulkarni',
  'Banerjee',
  'Joshi',
  'Menon',
  'Chopra',
  'Pillai',
  'Verma',
  'Agarwal',
  'Shetty',
  'Kapoor',
  'Saxena',
];
export const TRADES = ['Traders', 'Textiles', 'Exports', 'Logistics', 'Pharma', 'Builders', 'Foods', 'Steel'];
