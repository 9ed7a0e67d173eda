/** SPEC §3 Cart. */
export interface CartItem {
  _id: string;
  course: { title: string; thumbnail?: string | null; price: number };
}

export interface Cart {
  _id: string;
  items: CartItem[];
  totalAmount: number;
}
