/** Shared class names of every screen; each pair meets AA contrast and shows a visible focus ring. */
const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';

export const buttonPrimary = `inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-800 px-5 py-2.5 font-semibold text-white hover:bg-emerald-900 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600 ${focus}`;

export const buttonSecondary = `inline-flex items-center justify-center gap-2 rounded-lg border border-emerald-800 bg-white px-5 py-2.5 font-semibold text-emerald-900 hover:bg-emerald-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-600 ${focus}`;

export const buttonSmall = `inline-flex items-center justify-center gap-1 rounded-md border border-emerald-800 bg-white px-3 py-1.5 text-sm font-semibold text-emerald-900 hover:bg-emerald-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-600 ${focus}`;

export const buttonDanger = `inline-flex items-center justify-center gap-1 rounded-md border border-red-800 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 ${focus}`;

export const linkButton = `rounded font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-950 ${focus}`;

export const inputClass = `mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 aria-[invalid=true]:border-red-700 ${focus}`;

export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

export const closeButton = `rounded-full p-2 text-xl leading-none text-slate-700 hover:bg-slate-100 ${focus}`;

export const labelClass = 'font-semibold text-slate-900';

export const fieldErrorClass = 'mt-1 text-sm font-medium text-red-800';
