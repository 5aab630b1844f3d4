/**
 * Shapes of the customer answers the API sends (money in centavos), shared by the server that builds
 * them and the web app that reads them. Types only.
 */

/** The customer's address parts, as stored (blank parts are null). */
export type CustomerAddressParts = {
  cep: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
};

/** GET/PUT /api/customer/profile: the signed-in customer's own record, never the password hash. */
export type CustomerProfileView = CustomerAddressParts & {
  id: string;
  name: string;
  email: string;
  phone: string;
  birthDay: number | null;
  birthMonth: number | null;
  createdAt: string;
  updatedAt: string;
};

/** One entry of the customer's address book (at most 4). */
export type SavedAddressView = {
  id: string;
  name: string;
  address: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string | null;
  state: string | null;
  cep: string;
  createdAt: string;
};

/** GET /api/admin/customers: a customer with their order totals, for staff. */
export type AdminCustomerView = CustomerAddressParts & {
  id: string;
  name: string;
  phone: string;
  email: string;
  createdAt: string;
  totalOrders: number;
  /** Centavos; cancelled orders do not count. */
  totalSpent: number;
  lastOrderAt: string | null;
};
