// The pure rules server and browser both run (DESIGN §1). Nothing here does I/O or imports the rest of the project.
export * from './pricing';
export * from './orders/statuses';
export * from './orders/artwork';
export * from './catalogue';
export * from './orders/transitions';
export * from './orders/totals';
export * from './delivery/delivery';
export * from './calendar/workingDays';
export * from './orders/overdue';
export * from './orders/tracking';
export * from './orders/dates';
export * from './delivery/royalmail';
export * from './tickets/tickets';
export * from './quotes/quotes';
export * from './payments/terms';
export * from './orders/proofs';
export * from './companies/roles';
