/** Class names of the product's buttons, so links and buttons look alike. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:border-teal-600 hover:text-teal-700',
  ghost: 'text-slate-700 hover:bg-slate-100',
  accent: 'bg-amber-400 text-slate-900 hover:bg-amber-300',
  danger: 'bg-rose-700 text-white shadow-sm hover:bg-rose-800',
} as const;

const sizes = { sm: 'px-3 py-1.5 text-sm', md: 'px-5 py-2.5 text-sm', lg: 'px-6 py-3 text-base' } as const;

export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
