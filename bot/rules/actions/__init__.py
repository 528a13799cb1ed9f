"""What figures do in an Army Card turn: move, attack, special attacks, and answering decisions."""
