// The choices of a member's optional profile (SPEC §5 Signup and Account). A module of their own: the
// browser's first page needs the constants beside them, and the profile forms load these later.

export const occupations = [
  '会社役員',
  '会社員',
  '公務員',
  '自営業',
  '学生',
  '主婦・主夫',
  'アルバイト',
  '無職',
] as const;

export const annualIncomes = ['〜300万円', '300万円〜', '500万円〜', '700万円〜', '1000万円〜'] as const;

export const maritalStatuses = ['single', 'divorced', 'married'] as const;
