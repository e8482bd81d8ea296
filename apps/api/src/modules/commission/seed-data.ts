/**
 * Sample commission rates and caps per insurance class, in basis points (1000 = 10 %): sample
 * figures, not legal advice — the legal caps are those of the Insurance Regulations in force.
 */
export const COMMISSION_SEED = [
  { classCode: '07', className: 'Motor Private', rateBps: 1000, capBps: 1000 },
  { classCode: '08', className: 'Motor Commercial', rateBps: 1000, capBps: 1000 },
  { classCode: '03', className: 'Fire Domestic', rateBps: 2000, capBps: 2000 },
  { classCode: '05', className: 'Theft', rateBps: 2000, capBps: 2000 },
  { classCode: '04', className: 'Aviation', rateBps: 1000, capBps: 1000 },
];

export const COMMISSION_DISCLAIMER = 'Sample figures, not legal advice.';
