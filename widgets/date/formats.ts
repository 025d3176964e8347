/** The Date widget's preset formats: shared by its schema and its view. */
export const DATE_FORMATS = ['MonthDateYear', 'YearMonthDate', 'DateMonthYear', 'DayDateMonthYear'] as const;
