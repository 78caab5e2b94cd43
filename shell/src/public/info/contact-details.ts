/** How to reach the company; used by the contact page and the legal pages. */
export const CONTACT_DETAILS = {
  supportEmail: 'support@axalpractice.in',
  salesEmail: 'sales@axalpractice.in',
  privacyEmail: 'privacy@axalpractice.in',
  phone: '+91 80 4718 2200',
  address: 'Axal Practice, 4th Floor, Prestige Meridian, MG Road, Bengaluru, Karnataka 560001, India',
  hours: 'Monday to Saturday, 9:30 AM to 6:30 PM IST, with extended hours in the week of GST and ITR due dates',
};
