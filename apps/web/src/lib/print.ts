/**
 * Prints only the element marked `.receipt-print` (style the ticket itself with the `receipt`
 * utility from index.css) on an 80 mm page.
 */
export function printReceipt() {
  const body = document.body;
  body.classList.add('printing-receipt');
  const done = () => {
    body.classList.remove('printing-receipt');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // Some browsers never fire afterprint when the dialog is cancelled.
  setTimeout(done, 1000);
}
